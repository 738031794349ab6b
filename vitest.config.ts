import { defineConfig } from "vitest/config";

/** Pure logic, the stores and server, the browser, and several instances on real PostgreSQL and Redis. */
export default defineConfig({
  test: {
    // A worker keeps the modules it imported for its next test file: each file still starts its own
    // server, stores, Redis prefix and browser, and the files that fake timers or stub fetch restore
    // them after each test. Importing the server anew for each file took a third of the run. Set here
    // for every project: the forks pool reads it from the root (a project's own `isolate: false`
    // reached its tests' config, but each file still got a fresh process).
    isolate: false,
    poolOptions: { forks: { isolate: false } },
    projects: [
      { test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" } },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Several app instances on the machine's PostgreSQL and Redis (DATABASE_URL, REDIS_URL): run
        // only where both answer (scripts/test.sh, .ci/run's second pass), one file at a time.
        test: {
          name: "real-stores",
          include: ["tests/real-stores/**/*.test.ts"],
          environment: "node",
          // One file at a time (fileParallelism is not a project option): each starts servers and Redis.
          poolOptions: { forks: { singleFork: true } },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          // Room for a test that visits several pages with axe on a busy 2-core machine, where it
          // takes 30 s with the rest of the suite running beside it; its steps wait for conditions.
          testTimeout: 180_000,
          hookTimeout: 120_000,
          // expect.poll gives up after 1 s by default: too short for a page to react while two test
          // files share two cores (the swipe test's announcement once took longer).
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
