// `npm run bench -- brands [--count 10000]`: brand files at scale. Generates valid brand files in a
// temporary folder, opens the registry on them and reports the start time, the memory each brand
// keeps, and edit-to-live times (save a file, then ask the registry for its host until it answers
// the new version) for an edit, a new file, a removed file and a domain moving between two brands.
// Target: an edit live in under 200 ms with 10,000 brands.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { pino } from "pino";
import { SiteRegistry } from "../server/sites/registry";

const countArg = process.argv.indexOf("--count");
const COUNT = countArg > 0 ? Number(process.argv[countArg + 1]) : 1_000;
const ROUNDS = 10;
if (!Number.isInteger(COUNT) || COUNT < 2) throw new Error("--count needs a whole number of at least 2");

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const template = JSON.parse(await readFile("sites/flirt-nl.json", "utf8")) as Record<string, unknown>;
const id = (i: number) => `brand-${String(i).padStart(5, "0")}`;
const brand = (i: number, overrides: Record<string, unknown> = {}) => ({
  ...template,
  name: `Brand ${i}`,
  domains: [`${id(i)}.example`],
  support_email: `support@${id(i)}.example`,
  ...overrides,
});
const fileOf = (name: string) => path.join(dir, `${name}.json`);
const save = (name: string, settings: object) => writeFile(fileOf(name), JSON.stringify(settings, null, 2));

const dir = await mkdtemp(path.join(tmpdir(), "amora-brands-"));
console.log(`writing ${COUNT.toLocaleString("en")} brand files to ${dir}`);
for (let i = 0; i < COUNT; i += 100) await Promise.all(Array.from({ length: Math.min(100, COUNT - i) }, (_, k) => save(id(i + k), brand(i + k))));

const before = heap();
const opening = performance.now();
const registry = await SiteRegistry.open({ dir, allowLocalhostIds: false, log: pino({ level: "silent" }) });
const startMs = performance.now() - opening;
const perBrand = (heap() - before) / registry.all().length;
registry.watch();

/** Milliseconds from the save until the registry answers `live()`; polled every millisecond. */
async function timeToLive(change: () => Promise<unknown>, live: () => boolean, during?: () => void): Promise<number> {
  const started = performance.now();
  await change();
  while (!live()) {
    during?.();
    if (performance.now() - started > 10_000) throw new Error("not live within 10 s");
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return performance.now() - started;
}

const results: Record<string, number[]> = { "edit one file": [], "add a file": [], "remove a file": [], "move a domain between two brands": [] };
for (let round = 0; round < ROUNDS; round++) {
  const i = Math.floor((COUNT / ROUNDS) * round);
  const host = `${id(i)}.example`;
  results["edit one file"]!.push(await timeToLive(() => save(id(i), brand(i, { name: `Edited ${round}` })), () => registry.resolveHost(host)?.name === `Edited ${round}`));

  const added = `added-${round}`;
  results["add a file"]!.push(await timeToLive(() => save(added, brand(COUNT + round, { name: added, domains: [`${added}.example`] })), () => registry.resolveHost(`${added}.example`)?.name === added));
  results["remove a file"]!.push(await timeToLive(() => rm(fileOf(added)), () => registry.resolveHost(`${added}.example`) === undefined));

  // The domain's new owner is saved first (refused while the old one holds it), then the old owner
  // lets it go: timed from the second save; at no moment may the domain resolve to no brand.
  const from = i + 1;
  const to = i + 2;
  const moving = `moving-${round}.example`;
  await save(id(from), brand(from, { domains: [`${id(from)}.example`, moving] }));
  await timeToLive(async () => {}, () => registry.resolveHost(moving)?.id === id(from));
  await save(id(to), brand(to, { domains: [`${id(to)}.example`, moving] }));
  await new Promise((resolve) => setTimeout(resolve, 150));
  let unresolved = 0;
  results["move a domain between two brands"]!.push(
    await timeToLive(() => save(id(from), brand(from)), () => registry.resolveHost(moving)?.id === id(to), () => void (registry.resolveHost(moving) ? 0 : unresolved++)),
  );
  if (unresolved > 0) throw new Error(`${moving} resolved to no brand ${unresolved} times while moving`);
}

// The registry's own work for one file, without the 50 ms an edit is left to settle.
const direct: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  await writeFile(fileOf(id(round)), JSON.stringify(brand(round, { name: `Direct ${round}` })));
  const started = performance.now();
  await registry.reloadFiles([`${id(round)}.json`]);
  direct.push(performance.now() - started);
}
registry.close();
await rm(dir, { recursive: true, force: true });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;
console.log(`\n${COUNT.toLocaleString("en")} brands: start (open the registry) ${(startMs / 1000).toFixed(2)} s; ${(perBrand / 1024).toFixed(1)} KB of heap per brand`);
console.log(`edit-to-live over ${ROUNDS} rounds (median / max; through the file watcher, which waits 50 ms for a save to settle):`);
for (const [name, values] of Object.entries(results)) console.log(`  ${name.padEnd(34)} ${ms(median(values)).padStart(9)} / ${ms(Math.max(...values))}`);
console.log(`  ${"one file read and applied, direct".padEnd(34)} ${ms(median(direct)).padStart(9)} / ${ms(Math.max(...direct))}`);
