import { spawn } from "node:child_process";
import { freePort } from "./free-port";

export type AppProcess = {
  port: number;
  pid: number;
  /** What the instance logged (one JSON object a line), stdout and stderr. */
  output: () => string;
  /** Resolves when the process has exited, with its code and when (performance.now() of this process). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  signal: (signal: NodeJS.Signals) => void;
  /** Ends it at once if it still runs (a test's clean-up, whatever happened before). */
  kill: () => Promise<void>;
};

/** The time an instance may take to start on a busy machine: the build is imported, the store migrated. */
const START_TIMEOUT_MS = 60_000;

/**
 * The built app as a deployment runs it (`node build/server.js`, npm run build first), in a process
 * of its own so that signals are real, on a free port, with exactly this environment besides PATH,
 * HOME, PORT and HOST.
 */
export async function startAppProcess(env: Record<string, string>): Promise<AppProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["build/server.js"], {
    // Nothing of this process's environment but the path and home (the type of process.env insists on NODE_ENV).
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), HOST: "127.0.0.1", ...env } as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, at: performance.now() })),
  );
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGKILL");
    await exited;
  };

  const listening = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), START_TIMEOUT_MS);
    const look = () => {
      if (!output.includes('"msg":"listening"')) return;
      child.stdout.off("data", look);
      clearTimeout(timer);
      resolve(true);
    };
    child.stdout.on("data", look);
    void exited.then(() => {
      clearTimeout(timer);
      resolve(false);
    });
  });
  if (!listening) {
    await kill();
    throw new Error(`the instance on port ${port} did not start:\n${output}`);
  }
  return { port, pid: child.pid!, output: () => output, exited, signal: (signal) => child.kill(signal), kill };
}
