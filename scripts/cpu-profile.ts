// Reads a V8 CPU profile (node --cpu-prof) and tells where the time went: self time per function
// and per package, so a profile can be compared step by step without opening a viewer.
import { readFileSync } from "node:fs";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
};

/** node_modules/<package>, a Node internal, the app's own build, or V8's own entries such as (garbage collector). */
export function ownerOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1]!;
  if (url.startsWith("node:")) return "node internals";
  if (url.includes("/build/server/")) return "app (server build)";
  if (url.includes("/build/server.js")) return "server (build/server.js)";
  return url.replace(/^file:\/\//, "");
}

export function summariseProfile(file: string, top = 25): string {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map<number, number>();
  profile.samples.forEach((id, index) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const total = [...selfMicros.values()].reduce((sum, value) => sum + value, 0);
  const functions = new Map<string, number>();
  const owners = new Map<string, number>();
  for (const [id, micros] of selfMicros) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === "(idle)") continue;
    const owner = ownerOf(url, functionName);
    const name = `${functionName || "(anonymous)"}  ${owner}${url ? `:${lineNumber + 1}` : ""}`;
    functions.set(name, (functions.get(name) ?? 0) + micros);
    owners.set(owner, (owners.get(owner) ?? 0) + micros);
  }
  const busy = total - (selfMicros.get(profile.nodes.find((node) => node.callFrame.functionName === "(idle)")?.id ?? -1) ?? 0);
  const share = (micros: number) => `${((100 * micros) / busy).toFixed(1).padStart(5)} %`;
  const list = (entries: Map<string, number>) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => `  ${share(micros)}  ${name}`)
      .join("\n");
  return `busy ${(busy / 1000).toFixed(0)} ms of ${(total / 1000).toFixed(0)} ms profiled\nby package or part:\n${list(
    owners
  )}\nby function (self time):\n${list(functions)}`;
}
