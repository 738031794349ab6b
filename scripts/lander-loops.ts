// Makes the landers' video loops (server/landers/loops.ts) into the client build: every niche's
// loop for each video design, with its poster. `npm run build` runs it; on its own:
// `npx tsx scripts/lander-loops.ts build/client`. Drawing and encoding take some seconds a loop, so
// the files are kept in .cache/lander-loops under a hash of the code that draws them, and a build
// whose drawing code did not change copies them from there. Niches are shared out over the cores.
import { fork } from "node:child_process";
import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LOOP_DESIGNS, LOOP_FOLDER, loopFiles } from "../server/landers/loops";
import { LOOP_FACES, renderLoop } from "../server/landers/render-loop";
import { nicheSubjects } from "../server/profiles/demo-members";
import { NICHES, type NicheName } from "../server/sites/schema";

const [clientDir = "build/client", onlyNiches] = process.argv.slice(2);
const cacheRoot = path.resolve(".cache/lander-loops");

/** The sources whose change may change a loop. */
async function drawingHash(): Promise<string> {
  const profiles = (await readdir("server/profiles")).filter((name) => name.startsWith("avatar-")).map((name) => `server/profiles/${name}`);
  const sources = ["server/landers/loops.ts", "server/landers/render-loop.ts", "server/profiles/demo-members.ts", ...profiles].sort();
  const hash = createHash("sha256");
  for (const source of sources) hash.update(source).update(await readFile(source));
  return hash.digest("base64url").slice(0, 16);
}

/** Draws the loops of some niches into `folder`. */
async function drawNiches(niches: NicheName[], folder: string): Promise<void> {
  for (const niche of niches) {
    const subjects = nicheSubjects(niche, LOOP_FACES.video + LOOP_FACES.transitionsvideolanding);
    for (const design of LOOP_DESIGNS) {
      const faces = design === "video" ? subjects.slice(0, LOOP_FACES.video) : subjects.slice(LOOP_FACES.video);
      const { video, poster } = await renderLoop(design, faces);
      const files = loopFiles(niche, design);
      await writeFile(path.join(folder, path.basename(files.video)), video);
      await writeFile(path.join(folder, path.basename(files.poster)), poster);
    }
  }
}

/** Draws every niche's loops, the niches split over child processes, into a folder that appears whole or not at all. */
async function drawAll(cached: string): Promise<void> {
  const drawing = `${cached}.drawing-${process.pid}`;
  await mkdir(drawing, { recursive: true });
  const workers = Math.min(availableParallelism(), NICHES.length);
  const script = fileURLToPath(import.meta.url);
  await Promise.all(
    Array.from({ length: workers }, (_, w) => {
      const niches = NICHES.filter((_, i) => i % workers === w).join(",");
      return new Promise<void>((resolve, reject) => {
        fork(script, [drawing, niches], { execArgv: process.execArgv }).on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`drawing ${niches} failed (${code})`))));
      });
    }),
  );
  await rename(drawing, cached).catch(async (error: NodeJS.ErrnoException) => {
    // Another build drew the same loops at the same time: theirs are as good.
    await rm(drawing, { recursive: true, force: true });
    if (error.code !== "ENOTEMPTY" && error.code !== "EEXIST") throw error;
  });
}

if (onlyNiches !== undefined) {
  await drawNiches(onlyNiches.split(",") as NicheName[], clientDir);
} else {
  const started = performance.now();
  const cached = path.join(cacheRoot, await drawingHash());
  const drawn = await readdir(cached).catch(() => undefined);
  if (!drawn) await drawAll(cached);
  const target = path.join(clientDir, LOOP_FOLDER);
  await mkdir(target, { recursive: true });
  const files = await readdir(cached);
  await Promise.all(files.map((file) => copyFile(path.join(cached, file), path.join(target, file))));
  console.log(`lander loops: ${files.length} files ${drawn ? "from the cache" : `drawn in ${Math.round((performance.now() - started) / 1000)} s`}`);
}
