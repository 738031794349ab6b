// Reads a V8 CPU profile (node --cpu-prof) and tells where the time went: self time per function
// and per package, and the time spent in each function including what it calls (a request's
// stages: middleware, loader, render), so a profile can be compared step by step without a viewer.
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
  const nameOf = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    return `${functionName || "(anonymous)"}  ${ownerOf(url, functionName)}${url ? `:${lineNumber + 1}` : ""}`;
  };
  const functions = new Map<string, number>();
  const owners = new Map<string, number>();
  for (const [id, micros] of selfMicros) {
    const { functionName, url } = byId.get(id)!.callFrame;
    if (functionName === "(idle)") continue;
    const owner = ownerOf(url, functionName);
    const name = nameOf(byId.get(id)!);
    functions.set(name, (functions.get(name) ?? 0) + micros);
    owners.set(owner, (owners.get(owner) ?? 0) + micros);
  }
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const inclusive = new Map<string, number>();
  for (const [id, micros] of selfMicros) {
    // Each function once per stack: a recursive call is not counted twice.
    const onStack = new Set<string>();
    for (let node = byId.get(id); node; node = byId.get(parentOf.get(node.id) ?? -1)) onStack.add(nameOf(node));
    for (const name of onStack) if (!name.startsWith("(")) inclusive.set(name, (inclusive.get(name) ?? 0) + micros);
  }
  const busy = total - (selfMicros.get(profile.nodes.find((node) => node.callFrame.functionName === "(idle)")?.id ?? -1) ?? 0);
  const share = (micros: number) => `${((100 * micros) / busy).toFixed(1).padStart(5)} %`;
  const list = (entries: Map<string, number>, count = top) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, micros]) => `  ${share(micros)}  ${name}`)
      .join("\n");
  return `busy ${(busy / 1000).toFixed(0)} ms of ${(total / 1000).toFixed(0)} ms profiled\nby package or part:\n${list(
    owners
  )}\nby function (self time):\n${list(functions)}\nby function, with what it calls:\n${list(inclusive, 2 * top)}`;
}
