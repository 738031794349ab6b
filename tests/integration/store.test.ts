import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, StoreInUseError, type Store } from "../../server/db/database";
import { migrate, MIGRATIONS_DIR } from "../../server/db/migrate";
import { parseSiteFile } from "../../server/sites/load";
import { syncSites } from "../../server/sites/sync";
import { freshDatabaseUrl } from "../support/databases";
import { siteFile } from "../support/site-fixtures";

const engine = process.env.DATABASE_URL ? "postgres" : "pglite";

describe(`store on ${engine}`, () => {
  let store: Store;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    store = await openStore({ databaseUrl: database.url, dataDir: await mkdtemp(path.join(tmpdir(), "amora-store-")) });
  });

  afterAll(async () => {
    await store?.close();
    await drop?.();
  });

  it("runs on the engine the environment names", () => {
    expect(store.engine).toBe(engine);
  });

  it("applies each migration once, however often it runs", async () => {
    const applied = await migrate(store);
    // Every file of the folder, in name order (each change of the schema adds one).
    const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith(".sql")).sort();
    expect(files).toEqual(expect.arrayContaining(["0001_sites.sql", "0005_chat.sql", "0006_random_profile_ids.sql"]));
    expect(applied).toEqual(files);
    expect(await migrate(store)).toEqual([]);
    await Promise.all([migrate(store), migrate(store)]);
    const rows = await store.transactionScript((tx) => tx.rows<{ name: string }>("select name from schema_migrations order by name"));
    expect(rows.map((row) => row.name)).toEqual(applied);
  });

  it("leaves alone the migrations a newer release applied, as the previous release does during a rolling deploy", async () => {
    // This store has every migration; an instance of the release before the newest one knows one file fewer.
    const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith(".sql")).sort();
    const older = await mkdtemp(path.join(tmpdir(), "amora-older-migrations-"));
    for (const name of files.slice(0, -1)) await writeFile(path.join(older, name), await readFile(path.join(MIGRATIONS_DIR, name)));
    expect(await migrate(store, older)).toEqual([]);
    const rows = await store.transactionScript((tx) => tx.rows<{ name: string }>("select name from schema_migrations order by name"));
    expect(rows.map((row) => row.name)).toEqual(files);
  });

  it("rolls a failing migration back whole", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "amora-migrations-"));
    const { writeFile } = await import("node:fs/promises");
    await writeFile(path.join(dir, "0001_half.sql"), "create table half_done (id int); select * from no_such_table;");
    await expect(migrate(store, dir)).rejects.toThrow(/no_such_table/);
    const tables = await store.transactionScript((tx) => tx.rows("select 1 from information_schema.tables where table_name = 'half_done'"));
    expect(tables).toEqual([]);
  });

  it("mirrors the brands into the sites table and follows renames", async () => {
    const site = (overrides: Record<string, unknown>) => parseSiteFile("sites/flirt-nl.json", JSON.stringify(siteFile(overrides))).site!;
    await syncSites(store, [site({ name: "Flirt" })]);
    await syncSites(store, [site({ name: "Flirt NL", pool: "benelux" })]);
    const rows = await store.db.selectFrom("sites").select(["id", "name", "pool"]).execute();
    expect(rows).toEqual([{ id: "flirt-nl", name: "Flirt NL", pool: "benelux" }]);
  });

  it("answers a ping", async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });
});

describe("the embedded store's folder lock", () => {
  it("refuses a second process while the first holds the folder, and takes over a stale lock", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "amora-lock-"));
    const folder = path.join(dataDir, "pglite");
    await mkdir(folder, { recursive: true });
    // The parent process (the test runner) is alive and is not this one: it plays the server.
    await writeFile(path.join(folder, "amora.lock"), String(process.ppid));
    await expect(openStore({ dataDir })).rejects.toThrow(StoreInUseError);
    await expect(openStore({ dataDir })).rejects.toThrow(`open in another process (pid ${process.ppid})`);

    // A lock left by a process that is gone does not keep the store shut.
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    await writeFile(path.join(folder, "amora.lock"), gone.stdout);
    const store = await openStore({ dataDir });
    expect(await readFile(path.join(folder, "amora.lock"), "utf8")).toBe(String(process.pid));
    await store.close();
    await expect(readFile(path.join(folder, "amora.lock"), "utf8")).rejects.toThrow(/ENOENT/);
  });
});
