import type { TestServer } from "./test-server";

/**
 * Runs the jobs of the server's queue that are due at `at` (default now), including the ones they
 * enqueue, after any pass under way; answers how many ran. Move time forward with `at`: a mail due
 * in 15 minutes runs with `at: new Date(Date.now() + 16 * 60_000)`.
 */
export function runJobsDue(server: Pick<TestServer, "services">, { at }: { at?: Date } = {}): Promise<number> {
  return server.services.jobs.runDue({ now: at });
}
