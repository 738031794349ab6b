import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { expandContractProblems, LAST_MIGRATION_BEFORE_THE_RULE, type MigrationFile } from "../../scripts/migrations/expand-contract";

const DIR = "server/db/migrations";

/** The repository's migrations, and one more written after them. */
async function withNewMigration(sql: string, name = "9001_next.sql"): Promise<MigrationFile[]> {
  const names = (await readdir(DIR)).filter((file) => file.endsWith(".sql")).sort();
  const files = await Promise.all(names.map(async (file) => ({ name: file, sql: await readFile(path.join(DIR, file), "utf8") })));
  return [...files, { name, sql }];
}

const check = async (sql: string) => expandContractProblems(await withNewMigration(sql), DIR);

describe("migrations only add, and take away one release later (expand, then contract)", () => {
  it("holds for every migration of the repository", async () => {
    expect(await check("select 1;")).toEqual([]);
  });

  it("refuses a new migration that drops or renames what the previous release reads, naming file and line", async () => {
    const problems = await check(
      [
        "-- The nickname replaces the name.",
        "alter table profiles add column nickname text;",
        "alter table profiles drop column name;",
        "alter table likes rename to hearts;",
        "alter table profiles rename column city to town;",
        "drop table if exists page_bounces;",
      ].join("\n"),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^server\/db\/migrations\/9001_next\.sql, line 3: drops the column profiles\.name, which the previous release may still use during a rolling deploy; add what replaces it now, and take the old away one release later in its own migration, marked -- contract: <the migration that added the replacement>$/),
      expect.stringMatching(/^server\/db\/migrations\/9001_next\.sql, line 4: renames the table likes to hearts, /),
      expect.stringMatching(/^server\/db\/migrations\/9001_next\.sql, line 5: renames the column profiles\.city to town, /),
      expect.stringMatching(/^server\/db\/migrations\/9001_next\.sql, line 6: drops the table page_bounces, /),
    ]);
  });

  it("refuses what the previous release's writes would fail on: a new NOT NULL without a default, a changed type", async () => {
    const problems = await check(
      [
        "alter table profiles add column nickname text not null;",
        "alter table profiles add column score int not null default 0;",
        "alter table profiles alter column about_me set not null;",
        "alter table profiles alter column city type varchar(80);",
      ].join("\n"),
    );
    expect(problems).toEqual([
      expect.stringMatching(/line 1: adds profiles\.nickname NOT NULL without a default, /),
      expect.stringMatching(/line 3: makes profiles\.about_me NOT NULL, /),
      expect.stringMatching(/line 4: changes the type of profiles\.city, /),
    ]);
  });

  it("lets a table made in the same migration change freely, and indexes and constraints come and go", async () => {
    const sql = [
      "create table nicknames (id bigint primary key, nickname text);",
      "alter table nicknames alter column nickname set not null;",
      "alter table nicknames rename column nickname to name;",
      "create function touch() returns trigger language plpgsql as $$ begin new.name = trim(new.name); return new; end; $$;",
      "drop index profiles_search_gender_idx;",
      "alter table photos drop constraint photos_status_check;",
    ].join("\n");
    expect(await check(sql)).toEqual([]);
  });

  it("takes a removal marked as the contract step of an earlier migration, and no other mark", async () => {
    const marked = ["-- contract: 0024_signup_profile.sql (the name moved to the profile one release ago)", "alter table profiles drop column name;"].join("\n");
    expect(await check(marked)).toEqual([]);
    const later = ["-- contract: 9002_later.sql", "alter table profiles drop column name;"].join("\n");
    expect(await check(later)).toEqual([
      "server/db/migrations/9001_next.sql, line 2: drops the column profiles.name as the contract step of 9002_later.sql, which is not an earlier migration; name the migration that began the change",
    ]);
    // The mark belongs to its statement: the next removal needs its own.
    const twice = [marked, "alter table profiles drop column city;"].join("\n");
    expect(await check(twice)).toEqual([expect.stringMatching(/line 3: drops the column profiles\.city, /)]);
  });

  it("names a migration PostgreSQL cannot parse", async () => {
    expect(await check("alter tabel profiles;")).toEqual([expect.stringMatching(/^server\/db\/migrations\/9001_next\.sql: PostgreSQL's parser refuses it: syntax error/)]);
  });

  it("holds the files written before the rule to nothing", async () => {
    expect(await expandContractProblems([{ name: LAST_MIGRATION_BEFORE_THE_RULE, sql: "drop table profiles;" }], DIR)).toEqual([]);
  });
});
