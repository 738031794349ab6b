// The hostile side of `npm run bench -- limits`, in its own process so that writing the bodies does
// not count against the server's event loop: `rate` bodies of each kind started per second, whatever
// is still in flight (an open loop, as attackers send), for `seconds`; the answers' statuses go back
// to the parent.
import { Agent, request as httpRequest, type OutgoingHttpHeaders } from "node:http";
import { performance } from "node:perf_hooks";

type Job = { port: number; seconds: number; rate: number };

const HOST = "flirt-nl.localhost";
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const JSON_TYPE = { "content-type": "application/json" };

process.once("message", (job: Job) => void attack(job).then((statuses) => process.send!(statuses, () => process.exit(0))));

async function attack({ port, seconds, rate }: Job): Promise<Record<string, number[]>> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });

  /** One POST; a `stream` body is written in 16 KiB chunks until the server answers (or that many bytes went out). */
  const send = (pathname: string, headers: OutgoingHttpHeaders, { body, stream }: { body?: Buffer; stream?: number }) =>
    new Promise<number>((resolve) => {
      let answered = false;
      const length = body === undefined ? {} : { "content-length": body.length };
      const req = httpRequest({ host: "127.0.0.1", port, path: pathname, method: "POST", agent, headers: { host: HOST, ...length, ...headers } }, (res) => {
        answered = true;
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", () => resolve(0));
      });
      // A refused upload may end in a reset once answered: the server closing, as it should.
      req.on("error", () => (answered ? undefined : resolve(0)));
      if (stream === undefined) return void req.end(body);
      const chunk = Buffer.alloc(16 * 1024, "a");
      let sent = 0;
      const pump = () => {
        while (!answered && sent < stream) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        if (!answered) req.end();
      };
      pump();
    });

  const repeated = (pair: string, times: number) => Buffer.from(Array.from({ length: times }, () => pair).join("&"));
  const manyParts = new FormData();
  for (let i = 0; i < 700; i++) manyParts.append("email", "a");
  const multipart = new Response(manyParts);
  const multipartType = { "content-type": multipart.headers.get("content-type")! };
  const multipartBody = Buffer.from(await multipart.arrayBuffer());
  const fieldBomb = repeated("email=a", 8_000);
  const reportExample = repeated("email=a", 30_000);

  const kinds: Record<string, () => Promise<number>> = {
    "field bomb (8,000 fields, 64 kB)": () => send("/api/signup.php?step=check", FORM, { body: fieldBomb }),
    "30,000 × email=a (240 kB)": () => send("/api/signup.php?step=check", FORM, { body: reportExample }),
    "JSON login declaring 189 MB": () => send("/api/user.php", { ...JSON_TYPE, "content-length": String(189 * 1024 * 1024) }, { stream: 189 * 1024 * 1024 }),
    "chunked JSON without end": () => send("/api/user.php", { ...JSON_TYPE, "transfer-encoding": "chunked" }, { stream: 1024 * 1024 * 1024 }),
    "multipart, 700 parts": () => send("/login", multipartType, { body: multipartBody }),
  };

  const statuses: Record<string, number[]> = {};
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  for (let tick = 0; tick < seconds * rate; tick++) {
    for (const [name, work] of Object.entries(kinds)) inFlight.push(work().then((status) => void (statuses[name] ??= []).push(status)));
    const next = started + ((tick + 1) * 1000) / rate;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
  }
  await Promise.all(inFlight);
  agent.destroy();
  return statuses;
}
