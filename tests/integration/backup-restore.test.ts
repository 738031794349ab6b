import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { promisify } from "node:util";
import pg from "pg";
import { pino } from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadMember } from "../../server/accounts/member";
import { createBackup } from "../../server/backup/backup";
import { BackupRefused, fileDigest } from "../../server/backup/manifest";
import { restoreBackup } from "../../server/backup/restore";
import { openBus } from "../../server/bus";
import { sendMessage } from "../../server/chat/send";
import { balancesOffLedger, changeCredits } from "../../server/credits/ledger";
import { openStore, type Store } from "../../server/db/database";
import { migrate } from "../../server/db/migrate";
import { applyReport } from "../../server/payments/settle";
import { addPhoto } from "../../server/photos/photos";
import { createLocalStorage, createS3Storage, uploadsDir } from "../../server/photos/storage";
import type { Site } from "../../server/sites/schema";
import { freshDatabaseUrl, freshDataDir } from "../support/databases";
import { startS3StandIn } from "../support/s3-stand-in";
import { addProfile, addSite } from "../support/store-fixtures";

const run = promisify(execFile);

/** `npm run backup|restore -- …` (the built commands) on this file's stores: what an operator types. */
async function command(name: "backup" | "restore", args: string[], env: Record<string, string | undefined>): Promise<{ code: number; stdout: string; stderr: string }> {
  const { DATABASE_URL: _database, S3_BUCKET: _bucket, ...inherited } = process.env;
  try {
    const { stdout, stderr } = await run(process.execPath, [`build/${name}.js`, ...args], { env: { ...inherited, ...env, LOG_LEVEL: "silent" } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/**
 * Issue 21 item 5: a backup of a seeded store (members with photos, chat messages, a paid payment
 * with its ledger rows) restores after the store is wiped, with every row and every photo's bytes;
 * a damaged backup is refused and the store left as it was. On PGlite under npm test, on
 * PostgreSQL in CI's second pass.
 */
describe("backups that restore", () => {
  let databaseUrl: string | undefined;
  let drop: () => Promise<void>;
  let dataDir: string;
  let backupsDir: string;
  let backup: string;
  let site: Site;
  const storage = () => createLocalStorage(uploadsDir(dataDir));
  const stores = () => ({ databaseUrl, dataDir, photos: storage() });
  const env = () => ({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });

  async function withStore<T>(work: (store: Store) => Promise<T>): Promise<T> {
    const store = await openStore({ databaseUrl, dataDir, poolSize: 1 });
    try {
      return await work(store);
    } finally {
      await store.close();
    }
  }

  /** Every member, message, payment, ledger row and photo row, and each photo file's bytes. */
  const everythingIn = async ({ db }: Store) => {
    const photos = await db.selectFrom("photos").selectAll().orderBy("id").execute();
    const files: Record<string, Buffer> = {};
    for (const key of photos.flatMap((photo) => [photo.filename, photo.thumb_filename])) {
      const body = await storage().read(key);
      files[key] = body ? await buffer(body) : Buffer.alloc(0);
    }
    return {
      accounts: await db.selectFrom("accounts").selectAll().orderBy("id").execute(),
      profiles: await db.selectFrom("profiles").selectAll().orderBy("id").execute(),
      messages: await db.selectFrom("messages").selectAll().orderBy("id").execute(),
      payments: await db.selectFrom("payments").selectAll().orderBy("id").execute(),
      ledger: await db.selectFrom("credit_ledger").selectAll().orderBy("id").execute(),
      photos,
      files,
    };
  };
  const everything = () => withStore(everythingIn);

  let seeded: Awaited<ReturnType<typeof everything>>;

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    databaseUrl = database.url;
    drop = database.drop;
    dataDir = await freshDataDir("backup", databaseUrl);
    backupsDir = await mkdtemp(path.join(tmpdir(), "amora-backups-"));
    backup = path.join(backupsDir, "first");
    const bus = await openBus(undefined);
    await withStore(async (store) => {
      await migrate(store);
      site = await addSite(store, "backup-nl");
      const members = [];
      for (const [index, name] of ["Anna", "Bram", "Cor"].entries()) {
        const account = await store.db
          .insertInto("accounts")
          .values({
            site_id: site.id,
            email: `${name.toLowerCase()}@example.com`,
            password_hash: "x",
            status: "confirmed",
            language: "nl",
            country: "NL",
            date_of_birth: "1990-01-01",
            credits: 0,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await changeCredits(store.db, {
          siteId: site.id,
          accountId: account.id,
          delta: 50,
          reason: "signup",
          idempotencyKey: "signup",
        });
        const profileId = await addProfile(store, site, { name });
        await store.db.updateTable("profiles").set({ account_id: account.id }).where("id", "=", profileId).execute();
        const picture = await sharp({
          create: {
            width: 320 + index * 40,
            height: 240,
            channels: 3,
            background: "#8a6",
            noise: { type: "gaussian", mean: 120, sigma: 40 },
          },
        })
          .jpeg()
          .toBuffer();
        const added = await addPhoto({
          db: store.db,
          storage: storage(),
          site,
          profileId,
          accountId: account.id,
          bytes: picture,
        });
        if (!added.ok) throw new Error(`photo of ${name}: ${added.error}`);
        members.push(
          (await loadMember(store.db, {
            siteId: site.id,
            accountId: account.id,
          }))!,
        );
      }
      const [anna, bram, cor] = members as [(typeof members)[number], (typeof members)[number], (typeof members)[number]];
      for (const [from, to, body] of [
        [anna, bram, "Hoi Bram!"],
        [bram, anna, "Hoi Anna, hoe gaat het?"],
        [cor, anna, "Zin in koffie?"],
      ] as const) {
        const sender = (await loadMember(store.db, {
          siteId: site.id,
          accountId: from.accountId,
        }))!;
        const sent = await sendMessage(store.db, {
          site,
          member: sender,
          target: { profileId: to.profileId },
          clientId: `backup-${body.length}-${from.profileId}`,
          content: { kind: "text", body },
        });
        if (sent.status !== "sent") throw new Error(`message "${body}": ${sent.status}`);
      }
      const payment = await store.db
        .insertInto("payments")
        .values({
          site_id: site.id,
          account_id: anna.accountId,
          package: "p1",
          credits: 120,
          amount: 1995,
          currency: "EUR",
          method: "ideal",
          provider: "test",
          provider_reference: "tr_backup",
          status: "open",
          order_key: "order-backup",
          expires_at: new Date(Date.now() + 3_600_000),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await applyReport({
        services: { store, bus, log: pino({ level: "silent" }) },
        site,
        provider: { name: "test" },
        report: {
          paymentId: payment.id,
          providerReference: "tr_backup",
          status: "paid",
          amount: 1995,
          currency: "EUR",
        },
      });
    });
    await bus.close();
    seeded = await everything();
  });

  afterAll(async () => {
    await drop?.();
    await rm(backupsDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it("backs up a seeded store, and after it is wiped restores every member, message, payment and photo", async () => {
    expect(seeded.accounts).toHaveLength(3);
    expect(seeded.messages).toHaveLength(3);
    expect(seeded.payments).toMatchObject([{ status: "paid" }]);
    expect(seeded.ledger.filter((row) => row.reason === "purchase")).toHaveLength(1);
    expect(seeded.photos).toHaveLength(3);
    expect(Object.values(seeded.files).every((bytes) => bytes.length > 1_000)).toBe(true);

    const made = await command("backup", [backup], env());
    expect(made, made.stderr).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/Backed up to .*\n.*24 migrations.*\n.*photos +6 files/),
    });
    const manifest = JSON.parse(await readFile(path.join(backup, "manifest.json"), "utf8"));
    expect(manifest).toMatchObject({
      format: "amora-backup",
      version: 1,
      database: {
        kind: databaseUrl ? "postgres" : "pglite",
        rows: {
          accounts: 3,
          messages: 3,
          payments: 1,
          photos: 3,
          credit_ledger: seeded.ledger.length,
        },
      },
      photos: { source: "local", count: 6 },
    });

    // Wiped: the database dropped or the embedded store's folder deleted, and the photo files.
    await rm(uploadsDir(dataDir), { recursive: true, force: true });
    if (databaseUrl) await recreateDatabase(databaseUrl);
    else await rm(path.join(dataDir, "pglite"), { recursive: true, force: true });

    const restored = await command("restore", [backup], env());
    expect(restored, restored.stderr).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/Restored the backup of/),
    });
    await withStore(async (store) => {
      expect(await everythingIn(store)).toEqual(seeded);
      expect(await migrate(store)).toEqual([]);
      expect(await balancesOffLedger(store.db)).toEqual([]);
      const anna = await loadMember(store.db, {
        siteId: site.id,
        accountId: seeded.accounts[0]!.id,
      });
      expect(anna).toMatchObject({
        name: "Anna",
        credits: seeded.accounts[0]!.credits,
      });
    });
  });

  it("refuses a damaged backup, one of a later schema, or a store with data, and leaves the store as it was", async () => {
    const restore = (folder: string, force = true) => restoreBackup(stores(), folder, { force });

    await expect(restore(backup, false)).rejects.toThrow(/already holds data \(rows in .*accounts \(3\).*; photo files\)\. .*--force/);

    // A truncated database file, through the command an operator runs: exit code 2, one clear line.
    const truncated = path.join(backupsDir, "truncated");
    await cp(backup, truncated, { recursive: true });
    const dump = path.join(truncated, databaseUrl ? "database.pgdump" : "database.tar.gz");
    await truncate(dump, Math.floor((await readFile(dump)).length / 2));
    const refused = await command("restore", [truncated, "--force"], env());
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /^database\.(pgdump|tar\.gz) in .* is damaged or truncated \(it has \d+ bytes, the manifest says \d+\)\. The stores were left as they were\.\n$/,
    );

    // A photo file changed in place (the same length): its checksum gives it away.
    const changedPhoto = path.join(backupsDir, "changed-photo");
    await cp(backup, changedPhoto, { recursive: true });
    const photoFile = path.join(changedPhoto, "photos", seeded.photos[1]!.filename);
    const bytes = await readFile(photoFile);
    const middle = bytes.length >> 1;
    bytes[middle] = bytes[middle]! ^ 0xff;
    await writeFile(photoFile, bytes);
    await expect(restore(changedPhoto)).rejects.toThrow(/photos\/.*\.webp in .* is damaged or truncated \(its checksum differs/);

    // Damage the checksums cannot show (a manifest written for the damaged file): the restore itself
    // fails, and the database is not half-replaced.
    const rewritten = path.join(backupsDir, "rewritten");
    await cp(truncated, rewritten, { recursive: true });
    const rewrittenManifest = JSON.parse(await readFile(path.join(rewritten, "manifest.json"), "utf8"));
    rewrittenManifest.database = { ...rewrittenManifest.database, ...(await fileDigest(path.join(rewritten, rewrittenManifest.database.file))) };
    await writeFile(path.join(rewritten, "manifest.json"), JSON.stringify(rewrittenManifest));
    await expect(restore(rewritten)).rejects.toThrow(databaseUrl ? /pg_restore failed[^]*rolled back/ : /database\.tar\.gz is not a whole gzip archive/);

    // A dump with fewer rows than its manifest counted: the last check before the commit finds it.
    const miscounted = path.join(backupsDir, "miscounted");
    await cp(backup, miscounted, { recursive: true });
    const miscountedManifest = JSON.parse(await readFile(path.join(miscounted, "manifest.json"), "utf8"));
    miscountedManifest.database.rows.messages = 4;
    await writeFile(path.join(miscounted, "manifest.json"), JSON.stringify(miscountedManifest));
    await expect(restore(miscounted)).rejects.toThrow(/messages: 3 rows restored, 4 in the backup/);

    // A backup of a later release's schema.
    const later = path.join(backupsDir, "later");
    await cp(backup, later, { recursive: true });
    const manifest = JSON.parse(await readFile(path.join(later, "manifest.json"), "utf8"));
    manifest.database.migrations.push("9999_later.sql");
    await writeFile(path.join(later, "manifest.json"), JSON.stringify(manifest));
    await expect(restore(later)).rejects.toThrow(/schema is newer than this release's \(it has migration 9999_later\.sql\)/);

    // A manifest cut short, and a backup that never finished: none at all.
    await writeFile(path.join(later, "manifest.json"), JSON.stringify(manifest).slice(0, 200));
    await expect(restore(later)).rejects.toThrow(/manifest\.json is not readable JSON: the backup is damaged or truncated/);
    await rm(path.join(later, "manifest.json"));
    await expect(restore(later)).rejects.toThrow(/holds no manifest\.json: it is not a backup, or one that did not finish/);

    await expect(restore(truncated)).rejects.toBeInstanceOf(BackupRefused);
    // None of the above changed a row or a photo.
    expect(await everything()).toEqual(seeded);

    await expect(createBackup(stores(), backup)).rejects.toThrow(/is not empty: a backup goes into a new or empty folder/);
    if (!databaseUrl) {
      // The embedded store is one process's: no backup while the server (here: this test) has it open.
      await withStore(async () => {
        const busy = await command("backup", [path.join(backupsDir, "busy")], env());
        expect(busy).toMatchObject({
          code: 2,
          stderr: expect.stringMatching(/is open in another process \(pid \d+\)\. Stop it first/),
        });
      });
    }
  });

  it("backs up the photos of an S3 bucket over every page of its listing, and restores them with their type, replacing what the stores hold", async () => {
    const s3 = await startS3StandIn({ pageSize: 4 });
    try {
      const bucket = createS3Storage({
        bucket: "amora-photos",
        region: "eu-central-1",
        endpoint: s3.endpoint,
        credentials: { accessKeyId: "test-key", secretAccessKey: "test-secret" },
      });
      // The seeded photos, kept in a bucket as a deployment on S3 keeps them.
      for (const [key, bytes] of Object.entries(seeded.files)) await bucket.put(key, bytes, "image/webp");
      const onS3 = { databaseUrl, dataDir, photos: bucket };
      const folder = path.join(backupsDir, "s3");
      expect((await createBackup(onS3, folder)).photos).toMatchObject({ source: "s3", count: 6 });

      // A bucket that lost the photos and holds one the backup does not have.
      s3.objects("amora-photos").clear();
      await bucket.put("backup-nl/stray.webp", Buffer.from("stray"), "image/webp");
      await expect(restoreBackup(onS3, folder, { force: true })).resolves.toMatchObject({ photosRemoved: 1 });
      const restored = s3.objects("amora-photos");
      expect([...restored.keys()].sort()).toEqual(Object.keys(seeded.files).sort());
      for (const [key, bytes] of Object.entries(seeded.files)) expect(restored.get(key), key).toEqual({ body: bytes, contentType: "image/webp" });
      expect(await everything()).toEqual(seeded);
    } finally {
      await s3.close();
    }
  });
});

/** Drops the database and makes it again, empty, under the same name. */
async function recreateDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`drop database ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}
