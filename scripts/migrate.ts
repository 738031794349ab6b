// `npm run migrate`: applies pending migrations to the store the environment names, then exits.
import { openStore } from "../server/db/database";
import { migrate } from "../server/db/migrate";
import { readEnv } from "../server/env";

const env = readEnv();
const store = await openStore({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
const applied = await migrate(store);
console.log(applied.length > 0 ? `Applied ${applied.join(", ")}` : "Nothing to apply.");
await store.close();
