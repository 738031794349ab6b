import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect, type LogEvent } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import type { Database } from "./schema";

// Both engines hand over the same JavaScript values: a date as its 'YYYY-MM-DD' text (never a
// midnight in the server's time zone) and a bigint as a number (ids stay far below 2^53).
const DATE_OID = 1082;
const INT8_OID = 20;
const parseDate = (value: string) => value;
const parseInt8 = (value: string) => Number(value);

/** Raw SQL inside one transaction: what plain-SQL migrations need and Kysely does not offer. */
export type ScriptTransaction = {
  exec(script: string): Promise<void>;
  rows<Row>(query: string): Promise<Row[]>;
};

export type Store = {
  db: Kysely<Database>;
  engine: "pglite" | "postgres";
  transactionScript<T>(work: (tx: ScriptTransaction) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

type StoreOptions = {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /** Hears every statement sent to the database, once done (tests count a request's round trips with it). */
  onQuery?: (event: LogEvent) => void;
};

/** PostgreSQL over node-postgres when a URL is given; else PGlite, embedded, in DATA_DIR/pglite. */
export async function openStore({ databaseUrl, dataDir, poolSize = 10, onQuery }: StoreOptions): Promise<Store> {
  return databaseUrl ? openPostgres(databaseUrl, poolSize, onQuery) : openPglite(dataDir === ":memory:" ? undefined : embeddedStoreDir(dataDir), onQuery);
}

/** The embedded store's folder in DATA_DIR. */
export function embeddedStoreDir(dataDir: string): string {
  return path.join(dataDir, "pglite");
}

export class StoreInUseError extends Error {
  override name = "StoreInUseError";
}

/** The lock's name inside the embedded store's folder (a backup of the folder leaves it out). */
export const LOCK_FILE = "amora.lock";

/**
 * PGlite is one process's database: a second process opening the same folder (a command while the
 * server runs) would corrupt it, and PGlite does not stop it. So the folder holds our own lock, the
 * owner's process id; a lock whose process is gone is stale and taken over.
 */
export async function lockFolder(directory: string): Promise<() => Promise<void>> {
  const lock = path.join(directory, LOCK_FILE);
  for (;;) {
    try {
      await writeFile(lock, String(process.pid), { flag: "wx" });
      return () => rm(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(await readFile(lock, "utf8").catch(() => ""));
      if (owner === process.pid) return async () => {};
      if (Number.isInteger(owner) && owner > 0 && isRunning(owner)) {
        throw new StoreInUseError(`The embedded store in ${directory} is open in another process (pid ${owner}). Stop it first, or use PostgreSQL (DATABASE_URL).`);
      }
      await rm(lock, { force: true });
    }
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function openPglite(directory: string | undefined, onQuery: StoreOptions["onQuery"]): Promise<Store> {
  if (directory) await mkdir(directory, { recursive: true });
  const unlock = directory ? await lockFolder(directory) : async () => {};
  const client = await PGlite.create(directory, { parsers: { [DATE_OID]: parseDate, [INT8_OID]: parseInt8 } });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client), log: onQuery });
  return {
    db,
    engine: "pglite",
    transactionScript: (work) =>
      client.transaction((tx) =>
        work({
          exec: async (script) => void (await tx.exec(script)),
          rows: async <Row>(query: string) => (await tx.query<Row>(query)).rows,
        }),
      ),
    ping: async () => void (await client.query("select 1")),
    close: async () => {
      await db.destroy();
      if (!client.closed) await client.close();
      await unlock();
    },
  };
}

async function openPostgres(connectionString: string, max: number, onQuery: StoreOptions["onQuery"]): Promise<Store> {
  const types = {
    getTypeParser: ((oid: number, format?: "text" | "binary") =>
      oid === DATE_OID ? parseDate : oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5_000, types });
  pool.on("error", () => {}); // an idle client's lost connection is replaced on next use
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: onQuery });
  return {
    db,
    engine: "postgres",
    transactionScript: async (work) => {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const result = await work({
          exec: async (script) => void (await client.query(script)),
          rows: async <Row>(query: string) => (await client.query(query)).rows as Row[],
        });
        await client.query("commit");
        return result;
      } catch (error) {
        await client.query("rollback").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    ping: async () => void (await pool.query("select 1")),
    close: async () => {
      await db.destroy();
      // Kysely ends the pool only once it has run a query itself: the migration job uses transactionScript
      // alone, and its idle connection kept the process alive for the pool's idle timeout (10 s).
      if (!pool.ended) await pool.end();
    },
  };
}
