import { randomBytes } from "node:crypto";
import { access, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gunzip as gunzipCallback } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { embeddedStoreDir, lockFolder, LOCK_FILE } from "../db/database";
import { differences, readContents, type Contents, type RunQuery } from "./contents";
import { BackupRefused } from "./manifest";

/**
 * The embedded store, held for a backup or a restore. Its folder stays locked the whole time, as
 * the server locks it: PGlite is one process's database, so a backup is made with the server
 * stopped (taking the lock refuses while it runs), and is consistent because nothing else writes.
 */
export type EmbeddedStore = {
  contents(): Promise<Contents>;
  /** PGlite's own copy of its data folder (dumpDataDir), gzipped, to `file`. */
  dump(file: string): Promise<{ serverVersion: string; contents: Contents }>;
  /** Loads a dumped folder beside the store, checks it against the backup's counts, then puts it in the store's place. */
  restore(file: string, expected: Contents): Promise<void>;
  release(): Promise<void>;
};

const gunzip = promisify(gunzipCallback);

const queryOf =
  (client: PGlite): RunQuery =>
  async <Row>(text: string) =>
    (await client.query<Row>(text)).rows;

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

export async function holdEmbeddedStore(dataDir: string): Promise<EmbeddedStore> {
  const directory = embeddedStoreDir(dataDir);
  await mkdir(directory, { recursive: true });
  const unlock = await lockFolder(directory);
  const created = () => exists(path.join(directory, "PG_VERSION"));

  async function withClient<T>(work: (client: PGlite) => Promise<T>): Promise<T> {
    const client = await PGlite.create(directory);
    try {
      return await work(client);
    } finally {
      await client.close();
    }
  }

  return {
    contents: async () => ((await created()) ? withClient((client) => readContents(queryOf(client))) : { migrations: [], rows: {} }),
    dump: (file) =>
      withClient(async (client) => {
        const contents = await readContents(queryOf(client));
        const { rows } = await client.query<{ version: string }>("select current_setting('server_version') as version");
        const archive = await client.dumpDataDir("gzip");
        await writeFile(file, Buffer.from(await archive.arrayBuffer()));
        return { serverVersion: rows[0]!.version, contents };
      }),
    async restore(file, expected) {
      // Unpacked here first: gzip's own checksum finds a damaged archive before PGlite reads it.
      const archive = await gunzip(await readFile(file)).catch((error: Error) => {
        throw new BackupRefused(`${path.basename(file)} is not a whole gzip archive (${error.message}).`);
      });
      const suffix = randomBytes(4).toString("hex");
      const staging = `${directory}.restoring-${suffix}`;
      try {
        const client = await PGlite.create(staging, { loadDataDir: new Blob([archive]) }).catch((error: Error) => {
          throw new BackupRefused(
            `PGlite could not open the backup's data folder (${error.message}): it restores with a release that embeds the same PostgreSQL major version.`,
          );
        });
        const found = await readContents(queryOf(client)).finally(() => client.close());
        const wrong = differences(expected, found);
        if (wrong.length > 0) throw new BackupRefused(`The restored data does not match the backup's counts, so nothing was replaced: ${wrong.join("; ")}.`);
        // The copy carries the lock of the process that made the backup; it takes this one's until released.
        await writeFile(path.join(staging, LOCK_FILE), String(process.pid));
        const replaced = `${directory}.replaced-${suffix}`;
        await rename(directory, replaced);
        await rename(staging, directory);
        await rm(replaced, { recursive: true, force: true });
      } finally {
        await rm(staging, { recursive: true, force: true });
      }
    },
    release: unlock,
  };
}
