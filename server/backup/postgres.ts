import { spawn, type ChildProcess } from "node:child_process";
import pg from "pg";
import { BackupRefused } from "./manifest";
import { quoteIdentifier, readContents, type Contents, type RunQuery } from "./contents";

/**
 * PostgreSQL's own tools do the work: pg_dump's custom format (compressed, restorable table by table)
 * and pg_restore. They must be at least the server's major version (postgresql-client).
 */

/** The connection for libpq's tools: the URL without its password, which goes in PGPASSWORD instead of the process list. */
function connection(databaseUrl: string): {
  dbname: string;
  env: NodeJS.ProcessEnv;
} {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return {
    dbname: url.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** Waits for a tool to exit; a non-zero exit is an error carrying what it said on stderr. */
function finished(child: ChildProcess, name: string): Promise<void> {
  let said = "";
  child.stderr?.on("data", (chunk: Buffer) => void (said += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new BackupRefused(`${name} is not installed: install PostgreSQL's client tools (postgresql-client), of the server's major version or later.`)
          : error,
      ),
    );
    child.on("close", (code, signal) => (code === 0 ? resolve() : reject(new Error(`${name} failed (${signal ?? `exit code ${code}`}): ${said.trim()}`))));
  });
}

const queryOf =
  (client: pg.Client): RunQuery =>
  async <Row>(text: string) =>
    (await client.query(text)).rows as Row[];

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: databaseUrl,
    connectionTimeoutMillis: 10_000,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function postgresContents(databaseUrl: string): Promise<Contents> {
  return withClient(databaseUrl, (client) => readContents(queryOf(client)));
}

/**
 * Dumps the database to `file`. The rows are counted in a snapshot that pg_dump then reads too, so
 * the counts are exactly those of the dump while members go on writing.
 */
export function dumpPostgres(databaseUrl: string, file: string): Promise<{ serverVersion: string; contents: Contents }> {
  return withClient(databaseUrl, async (client) => {
    await client.query("begin isolation level repeatable read read only");
    const { rows } = await client.query<{ snapshot: string; version: string }>("select pg_export_snapshot() as snapshot, current_setting('server_version') as version");
    const { snapshot, version } = rows[0]!;
    const contents = await readContents(queryOf(client));
    const { dbname, env } = connection(databaseUrl);
    const dump = spawn("pg_dump", ["--format=custom", `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${dbname}`], { env, stdio: ["ignore", "ignore", "pipe"] });
    await finished(dump, "pg_dump");
    await client.query("commit");
    return { serverVersion: version, contents };
  });
}

/**
 * Replaces the whole public schema with the dump's, in one transaction that ends by counting every
 * table against the backup's counts: a restore that fails anywhere (a damaged dump, a missing row)
 * rolls back and leaves the database as it was. pg_restore writes SQL, psql runs it; the COMMIT is
 * sent only once pg_restore has finished well, and psql ending without one rolls back.
 */
export async function restorePostgres(databaseUrl: string, file: string, expected: Contents): Promise<void> {
  const { dbname, env } = connection(databaseUrl);
  const psql = spawn("psql", ["--no-psqlrc", "--quiet", "--set=ON_ERROR_STOP=1", `--dbname=${dbname}`], { env, stdio: ["pipe", "ignore", "pipe"] });
  const applied = finished(psql, "psql");
  // psql stops at the first error and closes its input: what is still on the way is of no use.
  psql.stdin!.on("error", () => {});
  psql.stdin!.write("set client_min_messages = warning;\nbegin;\ndrop schema if exists public cascade;\ncreate schema public;\n");

  const script = spawn("pg_restore", ["--no-owner", "--no-privileges", "--file=-", file], { env, stdio: ["ignore", "pipe", "pipe"] });
  script.stdout!.pipe(psql.stdin!, { end: false });
  const written = finished(script, "pg_restore");
  const outcome = await Promise.race([written.then(() => "written" as const), applied.then(() => "applied" as const)]).catch((error: unknown) => error);
  if (outcome !== "written") {
    script.kill();
    psql.stdin!.end();
    await Promise.allSettled([written, applied]);
    throw rolledBack(outcome instanceof Error ? outcome : new Error("psql ended before the restore was complete"));
  }
  psql.stdin!.end(`${countCheck(expected)}\ncommit;\n`);
  await applied.catch((error: Error) => Promise.reject(rolledBack(error)));
}

const rolledBack = (error: Error) => new Error(`${error.message}\nThe transaction was rolled back: the database holds what it held before.`);

/** A block that raises an error (so the transaction rolls back) when a table's rows differ from the backup's count. */
function countCheck(expected: Contents): string {
  const checks = Object.entries(expected.rows).map(([table, rows]) => {
    const name = quoteIdentifier(table);
    return `  select count(*) into found from public.${name};\n  if found <> ${rows} then raise exception '%', format('${table}: %s rows restored, ${rows} in the backup', found); end if;`;
  });
  return `do $check$\ndeclare found bigint;\nbegin\n${checks.join("\n")}\nend\n$check$;`;
}
