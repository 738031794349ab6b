/** What a database holds, as a backup records it and a restore checks it: the same query on both engines. */
export type Contents = {
  /** The migrations applied, by name, in order. */
  migrations: string[];
  /** Rows of every table of the public schema. */
  rows: Record<string, number>;
};

/** Runs one query and hands back its rows (node-postgres, PGlite). */
export type RunQuery = <Row>(query: string) => Promise<Row[]>;

const MIGRATIONS_TABLE = "schema_migrations";

export const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function readContents(query: RunQuery): Promise<Contents> {
  const tables = (await query<{ tablename: string }>("select tablename from pg_catalog.pg_tables where schemaname = 'public' order by tablename")).map(
    (row) => row.tablename,
  );
  if (tables.length === 0) return { migrations: [], rows: {} };
  // Counted as text: both drivers hand a bigint over differently.
  const counts = await query<{ name: string; count: string }>(
    tables.map((table) => `select '${table.replaceAll("'", "''")}' as name, count(*)::text as count from public.${quoteIdentifier(table)}`).join(" union all "),
  );
  const migrations = tables.includes(MIGRATIONS_TABLE)
    ? (await query<{ name: string }>(`select name from public.${MIGRATIONS_TABLE} order by name`)).map((row) => row.name)
    : [];
  return { migrations, rows: Object.fromEntries(counts.map((row) => [row.name, Number(row.count)])) };
}

/** The tables that hold rows, with their counts; the migrations' own bookkeeping does not count as data. */
export function tablesWithRows(contents: Contents): [string, number][] {
  return Object.entries(contents.rows).filter(([table, rows]) => table !== MIGRATIONS_TABLE && rows > 0);
}

/** How two countings differ, in words; empty when they agree. */
export function differences(expected: Contents, found: Contents): string[] {
  const tables = [...new Set([...Object.keys(expected.rows), ...Object.keys(found.rows)])].sort();
  return tables
    .filter((table) => expected.rows[table] !== found.rows[table])
    .map((table) => `${table}: ${found.rows[table] ?? "no table"} rows restored, ${expected.rows[table] ?? "no table"} in the backup`);
}
