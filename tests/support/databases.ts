import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A fresh PostgreSQL database for one test file when DATABASE_URL is set (CI's second pass),
 * so no test sees another's data; undefined means the embedded PGlite.
 */
export async function freshDatabaseUrl(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { url: undefined, drop: async () => {} };
  const name = `amora_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
