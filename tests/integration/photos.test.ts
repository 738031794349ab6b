import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import sharp, { type Exif } from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../server/db/database";
import { migrate } from "../../server/db/migrate";
import { readEnv } from "../../server/env";
import { createHttpApp } from "../../server/http/app";
import type { Services } from "../../server/http/request-context";
import { createLogger } from "../../server/log";
import { addPhoto, approvePhoto, deletePhoto, photosOf, setMainPhoto, type AddPhotoResult } from "../../server/photos/photos";
import { MAX_UPLOAD_BYTES, processImage } from "../../server/photos/process";
import { createLocalStorage, createS3Storage, uploadsDir, type PhotoStorage } from "../../server/photos/storage";
import { readPhotoUpload } from "../../server/photos/upload";
import { photoUrls } from "../../server/photos/urls";
import { SiteRegistry } from "../../server/sites/registry";
import { freshDatabaseUrl, freshDataDir } from "../support/databases";
import { copyDemoSites } from "../support/site-fixtures";
import { requestAs } from "../support/test-server";

/** A real photo-like JPEG (noise, so it does not compress to nothing). */
async function jpeg(width = 640, height = 480, exif?: Exif): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: "#8a6", noise: { type: "gaussian", mean: 120, sigma: 40 } },
  }).jpeg({
    quality: 85,
  });
  return (exif ? image.withExif(exif) : image).toBuffer();
}

/** A 48 kB PNG that declares, and really decodes to, 20000×20000 pixels (400 megapixels). */
function decompressionBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(crc32(body), body.length + 4);
    return framed;
  };
  const size = 20_000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 1; // bit depth 1, colour type 0 (grey): each row is 2500 bytes plus its filter byte
  const rows = Buffer.alloc(size * (size / 8 + 1));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

const expectOk = (result: AddPhotoResult) => {
  if (!result.ok) throw new Error(`expected a photo, got ${result.error}`);
  return result.photo;
};

describe("photos", () => {
  let store: Store;
  let drop: () => Promise<void>;
  let dataDir: string;
  let storage: PhotoStorage;
  const site = { id: "flirt-nl", pool: "benelux", photo_review: false, cdn_prefix: "/media" };
  let sample: Buffer;

  async function member({ paid = false, siteId = site.id } = {}) {
    const email = `m${Math.random().toString(36).slice(2)}@example.com`;
    const account = await store.db
      .insertInto("accounts")
      .values({ site_id: siteId, email, password_hash: "x", language: "nl", country: "NL", date_of_birth: "1990-01-01", paid_user: paid })
      .returning("id")
      .executeTakeFirstOrThrow();
    const profile = await store.db
      .insertInto("profiles")
      .values({ account_id: account.id, site_id: siteId, pool: site.pool, name: "Sam", country: "NL", date_of_birth: "1990-01-01" })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { accountId: account.id, profileId: profile.id };
  }

  const add = (owner: { accountId: number; profileId: number }, bytes: Buffer, onSite: typeof site = site) =>
    addPhoto({ db: store.db, storage, site: onSite, ...owner, bytes });

  const rowsOf = (profileId: number) =>
    store.db
      .selectFrom("photos")
      .select(["id", "status", "filename", "thumb_filename"])
      .where("profile_id", "=", profileId)
      .orderBy("id")
      .execute();

  const mainOf = async (profileId: number) =>
    (await store.db.selectFrom("profiles").select("main_photo_id").where("id", "=", profileId).executeTakeFirstOrThrow()).main_photo_id;

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    dataDir = await freshDataDir("photos", database.url);
    store = await openStore({ databaseUrl: database.url, dataDir });
    await migrate(store);
    await store.db
      .insertInto("sites")
      .values([
        { id: site.id, pool: site.pool, name: "FlirtNL" },
        { id: "other-nl", pool: site.pool, name: "Other" },
      ])
      .execute();
    storage = createLocalStorage(uploadsDir(dataDir));
    sample = await jpeg();
  });

  afterAll(async () => {
    await store?.close();
    await drop?.();
  });

  describe("processing", () => {
    it("judges the type from the bytes, not the name: a text file called .jpg is not an image", async () => {
      const owner = await member();
      const before = await filesUnder(uploadsDir(dataDir));
      expect(await add(owner, Buffer.from("holiday.jpg\nthis is not a picture\n"))).toEqual({ ok: false, error: "not_image" });
      // SVG and TIFF decode fine but are not among the accepted types.
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
      expect(await processImage(svg)).toEqual({ ok: false, error: "not_image" });
      expect(await processImage(await sharp(sample).tiff().toBuffer())).toEqual({ ok: false, error: "not_image" });
      expect(await rowsOf(owner.profileId)).toEqual([]);
      expect(await filesUnder(uploadsDir(dataDir))).toEqual(before);
    });

    it("refuses more than 10 MB", async () => {
      const big = Buffer.concat([sample, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - sample.length)]);
      expect(await processImage(big)).toEqual({ ok: false, error: "too_large" });
    });

    it("stops a decompression bomb from its header, before decoding", async () => {
      const bomb = decompressionBomb();
      expect(bomb.length).toBeLessThan(100_000);
      const started = performance.now();
      expect(await processImage(bomb)).toEqual({ ok: false, error: "too_many_pixels" });
      expect(performance.now() - started).toBeLessThan(1_000);
    });

    it("refuses a truncated image as unreadable", async () => {
      expect(await processImage(sample.subarray(0, Math.floor(sample.length / 2)))).toEqual({ ok: false, error: "unreadable" });
    });

    it("turns an upright-by-EXIF JPEG with a GPS position into WebP files without any metadata", async () => {
      const photo = await sharp(
        await jpeg(2400, 1800, {
          IFD0: { Make: "PhoneCam", Model: "X1" },
          IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 22/1 1234/100" },
        }),
      )
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const input = await sharp(photo).metadata();
      expect(input.exif?.toString("latin1")).toContain("PhoneCam");
      expect(input.orientation).toBe(6);

      const result = await processImage(photo);
      if (!result.ok) throw new Error(result.error);
      // Orientation 6 is a quarter turn: the landscape sensor image is a portrait photo.
      expect([result.width, result.height]).toEqual([1200, 1600]);
      for (const [file, size] of [
        [result.full, [1200, 1600]],
        [result.thumb, [400, 400]],
      ] as const) {
        const output = await sharp(file).metadata();
        expect(output.format).toBe("webp");
        expect([output.width, output.height]).toEqual(size);
        expect(output.exif).toBeUndefined();
        expect(output.xmp).toBeUndefined();
        expect(output.icc).toBeUndefined();
        expect(output.orientation).toBeUndefined();
        expect(file.includes(Buffer.from("PhoneCam"))).toBe(false);
      }
    });

    it("keeps the first frame of an animated GIF and never enlarges a small image", async () => {
      // Three 120×80 frames: red, green, blue.
      const frames = Buffer.concat(
        ["#f00", "#0f0", "#00f"].map((hex) =>
          Buffer.alloc(120 * 80 * 3).fill(
            Buffer.from(
              hex
                .slice(1)
                .split("")
                .map((c) => (c === "f" ? 255 : 0)),
            ),
          ),
        ),
      );
      const gif = await sharp(frames, { raw: { width: 120, height: 240, channels: 3, pageHeight: 80 } })
        .gif()
        .toBuffer();
      expect((await sharp(gif).metadata()).pages).toBe(3);
      const result = await processImage(gif);
      if (!result.ok) throw new Error(result.error);
      expect([result.width, result.height]).toEqual([120, 80]);
      const { dominant } = await sharp(result.full).stats();
      expect(dominant.r).toBeGreaterThan(200);
      expect(dominant.g + dominant.b).toBeLessThan(60);
    });
  });

  describe("adding", () => {
    it("stores both files and makes the first live photo the main one", async () => {
      const owner = await member();
      const photo = expectOk(await add(owner, sample));
      expect(photo).toMatchObject({ status: "active", main: true, width: 640, height: 480 });
      expect(photo.filename).toMatch(/^benelux\/[0-9a-f]{32}\.webp$/);
      expect(photo.thumb_filename).toBe(photo.filename.replace(".webp", "-thumb.webp"));
      const files = await filesUnder(uploadsDir(dataDir));
      expect(files).toEqual(expect.arrayContaining([photo.filename, photo.thumb_filename]));
      expect(await mainOf(owner.profileId)).toBe(photo.id);
      const second = expectOk(await add(owner, sample));
      expect(second.main).toBe(false);
      expect(await mainOf(owner.profileId)).toBe(photo.id);
    });

    it("stops a free member at 3 photos, leaving no file and no row for the 4th", async () => {
      const owner = await member();
      for (let i = 0; i < 3; i++) expectOk(await add(owner, sample));
      const files = await filesUnder(uploadsDir(dataDir));
      expect(await add(owner, sample)).toEqual({ ok: false, error: "limit_reached", limit: 3 });
      expect(await rowsOf(owner.profileId)).toHaveLength(3);
      expect(await filesUnder(uploadsDir(dataDir))).toEqual(files);
    });

    it("lets only one of two simultaneous uploads take the last place", async () => {
      const owner = await member();
      for (let i = 0; i < 2; i++) expectOk(await add(owner, sample));
      const files = await filesUnder(uploadsDir(dataDir));
      const results = await Promise.all([add(owner, sample), add(owner, sample)]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, error: "limit_reached", limit: 3 }]);
      expect(await rowsOf(owner.profileId)).toHaveLength(3);
      expect(await filesUnder(uploadsDir(dataDir))).toHaveLength(files.length + 2);
    });

    it("frees a place when a photo is deleted", async () => {
      const owner = await member();
      const photos = [];
      for (let i = 0; i < 3; i++) photos.push(expectOk(await add(owner, sample)));
      expect((await deletePhoto({ db: store.db, storage, siteId: site.id, profileId: owner.profileId, photoId: photos[1]!.id })).ok).toBe(
        true,
      );
      expectOk(await add(owner, sample));
    });

    it("allows a premium member more than 3", async () => {
      const owner = await member({ paid: true });
      for (let i = 0; i < 5; i++) expectOk(await add(owner, sample));
      expect(await rowsOf(owner.profileId)).toHaveLength(5);
    });

    it("keeps new photos in review when the site reviews photos: not main, not shown to others until approved", async () => {
      const owner = await member();
      const reviewing = { ...site, photo_review: true };
      const photo = expectOk(await add(owner, sample, reviewing));
      expect(photo).toMatchObject({ status: "inspection", main: false });
      expect(await mainOf(owner.profileId)).toBeNull();
      expect((await photosOf({ db: store.db, profileId: owner.profileId, viewer: "owner" })).map((p) => p.id)).toEqual([photo.id]);
      expect(await photosOf({ db: store.db, profileId: owner.profileId, viewer: "other" })).toEqual([]);
      expect(await setMainPhoto({ db: store.db, siteId: site.id, profileId: owner.profileId, photoId: photo.id })).toEqual({
        ok: false,
        error: "not_active",
      });

      expect(await approvePhoto({ db: store.db, siteId: "other-nl", photoId: photo.id })).toEqual({ ok: false, error: "not_found" });
      expect(await approvePhoto({ db: store.db, siteId: site.id, photoId: photo.id })).toEqual({ ok: true, main: true });
      expect(await approvePhoto({ db: store.db, siteId: site.id, photoId: photo.id })).toEqual({ ok: false, error: "not_found" });
      expect(await mainOf(owner.profileId)).toBe(photo.id);
      expect(await photosOf({ db: store.db, profileId: owner.profileId, viewer: "other" })).toMatchObject([
        { id: photo.id, status: "active", main: true },
      ]);
    });

    it("refuses a profile that is not the member's on this site", async () => {
      const owner = await member();
      const stranger = await member();
      await expect(add({ accountId: stranger.accountId, profileId: owner.profileId }, sample)).rejects.toThrow(/not on site/);
      await expect(add(owner, sample, { ...site, id: "other-nl" })).rejects.toThrow(/not on site/);
      expect(await rowsOf(owner.profileId)).toEqual([]);
    });
  });

  describe("main photo and deleting", () => {
    it("orders the main photo first, and moves main to an active photo only", async () => {
      const owner = await member({ paid: true });
      const [first, second, third] = [
        expectOk(await add(owner, sample)),
        expectOk(await add(owner, sample)),
        expectOk(await add(owner, sample)),
      ];
      const ids = async () => (await photosOf({ db: store.db, profileId: owner.profileId, viewer: "other" })).map((photo) => photo.id);
      expect(await ids()).toEqual([first.id, second.id, third.id]);
      expect(await setMainPhoto({ db: store.db, siteId: site.id, profileId: owner.profileId, photoId: third.id })).toEqual({ ok: true });
      expect(await ids()).toEqual([third.id, first.id, second.id]);

      const stranger = await member();
      const theirs = expectOk(await add(stranger, sample));
      expect(await setMainPhoto({ db: store.db, siteId: site.id, profileId: owner.profileId, photoId: theirs.id })).toEqual({
        ok: false,
        error: "not_found",
      });
      expect(await setMainPhoto({ db: store.db, siteId: "other-nl", profileId: owner.profileId, photoId: first.id })).toEqual({
        ok: false,
        error: "not_found",
      });
      expect(await mainOf(owner.profileId)).toBe(third.id);
    });

    it("deletes only the owner's photo, removes its files and hands main to the next live photo", async () => {
      const owner = await member();
      const [first, second] = [expectOk(await add(owner, sample)), expectOk(await add(owner, sample))];
      const stranger = await member();
      const remove = (photoId: number, profileId = owner.profileId, siteId = site.id) =>
        deletePhoto({ db: store.db, storage, siteId, profileId, photoId });

      expect(await remove(first.id, stranger.profileId)).toEqual({ ok: false, error: "not_found" });
      expect(await remove(first.id, owner.profileId, "other-nl")).toEqual({ ok: false, error: "not_found" });
      expect(await remove(first.id)).toEqual({ ok: true });
      expect(await remove(first.id)).toEqual({ ok: false, error: "not_found" });

      const files = await filesUnder(uploadsDir(dataDir));
      expect(files).not.toContain(first.filename);
      expect(files).not.toContain(first.thumb_filename);
      expect(files).toContain(second.filename);
      expect((await rowsOf(owner.profileId)).map((row) => row.status)).toEqual(["deleted", "active"]);
      expect(await mainOf(owner.profileId)).toBe(second.id);
      expect(await photosOf({ db: store.db, profileId: owner.profileId, viewer: "owner" })).toMatchObject([{ id: second.id, main: true }]);

      expect(await remove(second.id)).toEqual({ ok: true });
      expect(await mainOf(owner.profileId)).toBeNull();
    });

    it("never removes the shared demo files", async () => {
      const owner = await member();
      const keys = { filename: "demo/avatar-1.webp", thumb_filename: "demo/avatar-1-thumb.webp" };
      for (const key of Object.values(keys)) await storage.put(key, sample, "image/webp");
      const row = await store.db
        .insertInto("photos")
        .values({ profile_id: owner.profileId, ...keys, width: 640, height: 480, status: "active" })
        .returning("id")
        .executeTakeFirstOrThrow();
      expect(await deletePhoto({ db: store.db, storage, siteId: site.id, profileId: owner.profileId, photoId: row.id })).toEqual({
        ok: true,
      });
      expect(await filesUnder(uploadsDir(dataDir))).toEqual(expect.arrayContaining(Object.values(keys)));
    });
  });

  describe("storage and addresses", () => {
    it("refuses keys that could leave the folder", async () => {
      for (const key of ["../etc/passwd", "benelux/../../x.webp", "/abs.webp", "benelux/.hidden", "a\\b.webp", ""]) {
        await expect(storage.put(key, sample, "image/webp")).rejects.toThrow(/invalid storage key/);
      }
    });

    it("builds the member-facing URLs under the cdn_prefix, with one slash between", () => {
      const keys = { filename: "benelux/ab.webp", thumb_filename: "benelux/ab-thumb.webp" };
      expect(photoUrls({ cdn_prefix: "/media" }, keys)).toEqual({
        filename: "/media/benelux/ab.webp",
        thumb_filename: "/media/benelux/ab-thumb.webp",
        match: "/media/benelux/ab-thumb.webp",
      });
      expect(photoUrls({ cdn_prefix: "https://cdn.example.com/photos/" }, keys).match).toBe(
        "https://cdn.example.com/photos/benelux/ab-thumb.webp",
      );
      expect(photoUrls({ cdn_prefix: "/" }, keys).filename).toBe("/benelux/ab.webp");
    });

    it("reads the S3 settings from the environment", () => {
      const env = readEnv({ S3_BUCKET: "amora-photos", S3_ENDPOINT: "http://127.0.0.1:9000" });
      expect(env).toMatchObject({ S3_BUCKET: "amora-photos", S3_ENDPOINT: "http://127.0.0.1:9000", S3_REGION: "us-east-1" });
      expect(() => readEnv({ S3_BUCKET: "Not_A_Bucket" })).toThrow(/S3_BUCKET: must be an S3 bucket name/);
      expect(() => readEnv({ S3_BUCKET: "amora-photos", S3_ENDPOINT: "minio:9000" })).toThrow(/S3_ENDPOINT: must be a URL/);
      expect(() => readEnv({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(/S3_ENDPOINT: is used only with S3_BUCKET/);
    });

    describe("on an S3-compatible service", () => {
      type Recorded = { method: string; url: string; headers: IncomingHttpHeaders; bytes: number };
      let server: Server;
      let requests: Recorded[] = [];
      let refusePuts = false;
      let s3: PhotoStorage;

      beforeAll(async () => {
        server = createServer((req, res) => {
          const chunks: Buffer[] = [];
          req.on("data", (chunk: Buffer) => chunks.push(chunk));
          req.on("end", () => {
            requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, bytes: Buffer.concat(chunks).length });
            if (req.method === "PUT" && refusePuts) {
              res.writeHead(403, { "content-type": "application/xml" });
              return void res.end('<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>');
            }
            res.writeHead(req.method === "DELETE" ? 204 : 200, { etag: '"abc"' });
            res.end();
          });
        });
        await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
        s3 = createS3Storage({
          bucket: "amora-photos",
          region: "eu-central-1",
          endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
          credentials: { accessKeyId: "test-key", secretAccessKey: "test-secret" },
        });
      });

      afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

      beforeEach(() => {
        requests = [];
        refusePuts = false;
      });

      it("puts and deletes objects path-style, signed, with type and a long cache", async () => {
        await s3.put("benelux/ab12.webp", sample, "image/webp");
        await s3.delete("benelux/ab12.webp");
        expect(requests.map((request) => `${request.method} ${request.url.split("?")[0]}`)).toEqual([
          "PUT /amora-photos/benelux/ab12.webp",
          "DELETE /amora-photos/benelux/ab12.webp",
        ]);
        const [put] = requests;
        expect(put).toMatchObject({ bytes: sample.length });
        expect(put!.headers["content-type"]).toBe("image/webp");
        expect(put!.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        expect(put!.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=test-key\/\d{8}\/eu-central-1\/s3\/aws4_request/);
        await expect(s3.put("../escape.webp", sample, "image/webp")).rejects.toThrow(/invalid storage key/);
        expect(requests).toHaveLength(2);
      });

      it("adds a photo as two objects, and takes them away again when storing fails", async () => {
        const owner = await member();
        const photo = expectOk(await addPhoto({ db: store.db, storage: s3, site, ...owner, bytes: sample }));
        expect(requests.map((request) => `${request.method} ${request.url.split("?")[0]}`).sort()).toEqual(
          [`PUT /amora-photos/${photo.filename}`, `PUT /amora-photos/${photo.thumb_filename}`].sort(),
        );

        requests = [];
        refusePuts = true;
        await expect(addPhoto({ db: store.db, storage: s3, site, ...owner, bytes: sample })).rejects.toThrow(/Access Denied/);
        expect(requests.filter((request) => request.method === "DELETE")).toHaveLength(2);
        expect(await rowsOf(owner.profileId)).toHaveLength(1);
      });
    });

    describe("served under /media", () => {
      let port: number;
      let server: Server;
      let sitesDir: string;

      beforeAll(async () => {
        sitesDir = await copyDemoSites();
        // The host serves only its pool's photos: put flirt-nl in the pool these photos are stored under.
        const flirtFile = path.join(sitesDir, "flirt-nl.json");
        await writeFile(flirtFile, JSON.stringify({ ...JSON.parse(await readFile(flirtFile, "utf8")), pool: site.pool }));
        const log = createLogger("silent");
        const sites = await SiteRegistry.open({ dir: sitesDir, allowLocalhostIds: true, log });
        const services = { log, sites, dataDir, photos: storage } as unknown as Services;
        const app = createHttpApp({
          env: { NODE_ENV: "test", COUNTRY_HEADER: "cf-ipcountry" },
          services,
          resources: {},
          build: () => Promise.reject(new Error("no Remix build in this test")),
        });
        server = app.listen(0, "127.0.0.1");
        await new Promise<void>((resolve) => server.once("listening", resolve));
        port = (server.address() as AddressInfo).port;
        await mkdir(path.join(uploadsDir(dataDir), "benelux", "folder"), { recursive: true });
        await writeFile(path.join(dataDir, "secret.txt"), "not for the web");
      });

      afterAll(async () => {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await rm(sitesDir, { recursive: true, force: true });
      });

      it("serves a stored photo with a year's immutable cache and nosniff", async () => {
        const owner = await member();
        const photo = expectOk(await add(owner, sample));
        const answer = await requestAs(port, "flirt-nl.localhost", photoUrls(site, photo).match);
        expect(answer.status).toBe(200);
        expect(answer.headers["content-type"]).toBe("image/webp");
        expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      });

      it("answers 404 for missing files, folders and paths out of the folder, and lists nothing", async () => {
        for (const pathname of [
          "/media/benelux/missing.webp",
          "/media/benelux/folder",
          "/media/benelux/folder/",
          "/media/",
          "/media/%2e%2e/secret.txt",
          "/media/..%2fsecret.txt",
        ]) {
          const answer = await requestAs(port, "flirt-nl.localhost", pathname);
          expect([pathname, answer.status]).toEqual([pathname, 404]);
          expect(answer.body).not.toContain("not for the web");
        }
        expect((await requestAs(port, "flirt-nl.localhost", "/media/x.webp", {}, { method: "POST" })).status).toBe(405);
      });
    });
  });

  describe("reading the upload", () => {
    const request = (form: FormData) => new Request("http://flirt-nl.localhost/profile", { method: "POST", body: form });

    it("takes the file's bytes and keeps the other fields", async () => {
      const form = new FormData();
      form.append("intent", "add");
      form.append("photo", new File([new Uint8Array(sample)], "me.jpg", { type: "image/jpeg" }));
      form.append("other", new File([Buffer.from("x")], "x.txt"));
      const upload = await readPhotoUpload(request(form));
      if (!upload.ok) throw new Error(upload.error);
      expect(upload.bytes.equals(sample)).toBe(true);
      expect([...upload.fields.keys()]).toEqual(["intent"]);
      expect(upload.fields.get("intent")).toBe("add");
    });

    it("answers missing for an empty file input or a form without one", async () => {
      const empty = new FormData();
      empty.append("photo", new File([], "", { type: "application/octet-stream" }));
      expect(await readPhotoUpload(request(empty))).toMatchObject({ ok: false, error: "missing" });
      const none = new FormData();
      none.append("intent", "add");
      expect(await readPhotoUpload(request(none))).toMatchObject({ ok: false, error: "missing" });
      const urlEncoded = new Request("http://flirt-nl.localhost/profile", { method: "POST", body: new URLSearchParams({ photo: "x" }) });
      expect(await readPhotoUpload(urlEncoded)).toMatchObject({ ok: false, error: "missing" });
    });

    it("answers too_large for a file over 10 MB", async () => {
      const form = new FormData();
      form.append("photo", new File([Buffer.alloc(MAX_UPLOAD_BYTES + 1)], "big.jpg", { type: "image/jpeg" }));
      expect(await readPhotoUpload(request(form))).toEqual({ ok: false, error: "too_large" });
    });

    /** Two parts of 6 MB each: each under the file limit, together over the request limit. */
    async function twoParts() {
      const form = new FormData();
      for (const name of ["photo", "photo"])
        form.append(name, new File([Buffer.alloc(6 * 1024 * 1024, 1)], "part.jpg", { type: "image/jpeg" }));
      const encoded = new Response(form);
      return { contentType: encoded.headers.get("content-type")!, body: new Uint8Array(await encoded.arrayBuffer()) };
    }

    it("answers too_large for a request that declares too many bytes, without reading it", async () => {
      const { contentType } = await twoParts();
      let pulled = false;
      const body = new ReadableStream<Uint8Array>({ pull: () => void (pulled = true) }, { highWaterMark: 0 });
      const declared = new Request("http://flirt-nl.localhost/profile", {
        method: "POST",
        headers: { "content-type": contentType, "content-length": String(12 * 1024 * 1024) },
        body,
        duplex: "half",
      } as RequestInit);
      expect(await readPhotoUpload(declared)).toEqual({ ok: false, error: "too_large" });
      expect(pulled).toBe(false);
    });

    it("stops reading a chunked request (no length declared) once it passes the limit", async () => {
      const { contentType, body } = await twoParts();
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= body.length) return controller.close();
          controller.enqueue(body.slice(sent, sent + 65_536));
          sent += 65_536;
        },
      });
      const chunked = new Request("http://flirt-nl.localhost/profile", {
        method: "POST",
        headers: { "content-type": contentType },
        body: stream,
        duplex: "half",
      } as RequestInit);
      expect(chunked.headers.get("content-length")).toBeNull();
      expect(await readPhotoUpload(chunked)).toEqual({ ok: false, error: "too_large" });
      expect(sent).toBeLessThan(body.length);
    });
  });
});
