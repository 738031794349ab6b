// The previous release's store tests on the new schema: during a rolling deploy the instances not
// yet replaced run the previous release's code against a database the new release migrated
// (docs/decisions/051-production-stack-and-migrations.md).
import { execFile, spawn } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const git = async (root: string, ...args: string[]) => (await promisify(execFile)("git", ["-C", root, ...args])).stdout.trim();

export const MIGRATIONS_PATH = "server/db/migrations";

export type PreviousRelease = { commit: string; subject: string; because: string } | { commit: undefined; because: string };

/**
 * The code that last ran on the schema before it changed: the first parent of the newest commit on
 * the main line (merges count as one) that changed the migrations, or HEAD while the working tree
 * changes them. Needs the full history.
 */
export async function findPreviousRelease(root: string): Promise<PreviousRelease> {
  if ((await git(root, "rev-parse", "--is-shallow-repository")) === "true") {
    throw new Error("The clone is shallow, so the previous release cannot be found; run git fetch --unshallow first.");
  }
  const uncommitted = await git(root, "status", "--porcelain", "--", MIGRATIONS_PATH);
  let commit: string;
  let because: string;
  if (uncommitted) {
    commit = await git(root, "rev-parse", "HEAD");
    because = `the working tree changes ${MIGRATIONS_PATH}`;
  } else {
    const changed = await git(root, "log", "--first-parent", "-1", "--format=%H", "--", MIGRATIONS_PATH);
    if (!changed) return { commit: undefined, because: `no commit changed ${MIGRATIONS_PATH}` };
    const parent = await git(root, "rev-parse", "--verify", "--quiet", `${changed}^1`).catch(() => "");
    if (!parent) return { commit: undefined, because: `${changed.slice(0, 9)}, which made ${MIGRATIONS_PATH}, has no parent` };
    commit = parent;
    because = `the parent of ${changed.slice(0, 9)}, the newest commit that changed ${MIGRATIONS_PATH}`;
  }
  return { commit, subject: await git(root, "log", "-1", "--format=%s", commit), because };
}

/** The integration tests that exercise the store directly: those that neither start the built app nor run its built commands. */
export async function storeTestFiles(tree: string): Promise<string[]> {
  const dir = path.join(tree, "tests/integration");
  const names = (await readdir(dir)).filter((name) => name.endsWith(".test.ts")).sort();
  const texts = await Promise.all(names.map((name) => readFile(path.join(dir, name), "utf8")));
  return names.filter((_, index) => !/support\/test-server|build\//.test(texts[index]!)).map((name) => `tests/integration/${name}`);
}

function exitOf(child: ReturnType<typeof spawn>): Promise<number> {
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Extracts `commit` into a temporary folder, gives it this tree's migrations and packages, and runs
 * its store tests there with vitest (on the stores the environment names). Returns vitest's exit code.
 */
export async function runOnNewSchema({ root, commit, report, onFiles }: { root: string; commit: string; report?: string; onFiles?: (files: string[]) => void }): Promise<number> {
  const tree = await mkdtemp(path.join(tmpdir(), "amora-previous-release-"));
  try {
    const archive = spawn("git", ["-C", root, "archive", "--format=tar", commit], { stdio: ["ignore", "pipe", "inherit"] });
    const untar = spawn("tar", ["-x", "-C", tree], { stdio: ["pipe", "inherit", "inherit"] });
    archive.stdout.pipe(untar.stdin);
    const [archived, untarred] = await Promise.all([exitOf(archive), exitOf(untar)]);
    if (archived !== 0 || untarred !== 0) throw new Error(`git archive ${commit} could not be extracted`);

    await rm(path.join(tree, MIGRATIONS_PATH), { recursive: true, force: true });
    await cp(path.join(root, MIGRATIONS_PATH), path.join(tree, MIGRATIONS_PATH), { recursive: true });
    await symlink(path.join(root, "node_modules"), path.join(tree, "node_modules"));

    const files = await storeTestFiles(tree);
    onFiles?.(files);
    const reporters = report ? ["--reporter=default", "--reporter=json", `--outputFile.json=${path.resolve(report)}`] : [];
    const vitest = spawn(path.join(root, "node_modules/.bin/vitest"), ["run", "--project", "integration", "--maxWorkers=2", ...reporters, ...files], { cwd: tree, stdio: "inherit" });
    return await exitOf(vitest);
  } finally {
    await rm(tree, { recursive: true, force: true });
  }
}
