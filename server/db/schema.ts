import type { ColumnType } from "kysely";

/** The tables Kysely may touch, as the migrations in ./migrations create them. */
export interface Database {
  sites: SitesTable;
}

export interface SitesTable {
  id: string;
  pool: string;
  name: string;
  first_seen_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
