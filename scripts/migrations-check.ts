// `npm run migrations:check [-- --report <file>]`: the migrations keep the previous release working
// during a rolling deploy. First the rule (only add; take away one release later, marked as the
// contract step), then the previous release's store tests against a store the new migrations made.
// --report writes vitest's JSON report there (CI sums it into its last line). Exits 1 on a problem.
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { readCommandLine } from "./command-line";
import { expandContractProblems } from "./migrations/expand-contract";
import { findPreviousRelease, MIGRATIONS_PATH, runOnNewSchema } from "./migrations/previous-release";

const { values } = readCommandLine({ report: { type: "string" } }, "Usage: npm run migrations:check [-- --report <file>]");
const root = process.cwd();

const names = (await readdir(MIGRATIONS_PATH)).filter((name) => name.endsWith(".sql")).sort();
const files = await Promise.all(names.map(async (name) => ({ name, sql: await readFile(path.join(MIGRATIONS_PATH, name), "utf8") })));
const problems = await expandContractProblems(files, MIGRATIONS_PATH);
if (problems.length > 0) {
  for (const problem of problems) console.error(`- ${problem}`);
  process.exit(1);
}
console.log(`${names.length} migrations only add, or take away as marked contract steps.`);

const previous = await findPreviousRelease(root);
if (!previous.commit) {
  console.log(`No previous release to test: ${previous.because}.`);
  // An empty report: the run's sum counts a suite without one as failed.
  if (values.report) {
    await mkdir(path.dirname(values.report), { recursive: true });
    await writeFile(values.report, JSON.stringify({ numPassedTests: 0, numFailedTests: 0, numFailedTestSuites: 0, numPendingTests: 0, numTodoTests: 0 }));
  }
  process.exit(0);
}
const subject = previous.subject.length > 72 ? `${previous.subject.slice(0, 71)}…` : previous.subject;
console.log(`The previous release is ${previous.commit.slice(0, 9)} ("${subject}"), ${previous.because}.`);
const code = await runOnNewSchema({
  root,
  commit: previous.commit,
  report: values.report,
  onFiles: (tests) => console.log(`Its ${tests.length} store test files run on a store made by this tree's ${names.length} migrations.\n`),
});
process.exit(code);
