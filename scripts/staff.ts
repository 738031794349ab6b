// `npm run staff -- add <email> --role support|moderator|admin`: creates a support console account
// and prints its one-time set-up link; `npm run staff -- disable <email>` disables one and ends its
// sessions; `npm run staff -- list` lists them. Works on the store the environment names
// (DATABASE_URL, else PGlite in DATA_DIR), migrated first. Bad input: one line on stderr, exit 2.
import { openStore, StoreInUseError } from "../server/db/database";
import { migrate } from "../server/db/migrate";
import type { Actor } from "../server/support/audit";
import { STAFF_ROLES, type StaffRole } from "../server/support/roles";
import { createStaffAccount, disableStaffAccount, isStaffEmail, listStaffAccounts, normalizeStaffEmail } from "../server/support/staff-accounts";
import { readCommandLine, readEnvOrExit, refuse } from "./command-line";

const USAGE = "usage: npm run staff -- add <email> --role support|moderator|admin | disable <email> | list";
/** Audit rows written here name no staff member: the server's own command line did it. */
const ACTOR: Actor = { staffId: null, ip: "command line" };

const args = readCommandLine({ role: { type: "string" } }, USAGE);

const [command, emailArgument, ...extra] = args.positionals;
if (command !== "add" && command !== "disable" && command !== "list") refuse(command ? `Unknown command "${command}". ${USAGE}` : USAGE);
if (extra.length > 0) refuse(`Unexpected "${extra.join(" ")}". ${USAGE}`);
if (command === "list" && emailArgument !== undefined) refuse(`"list" takes no e-mail address. ${USAGE}`);
if (command !== "add" && args.values.role !== undefined) refuse(`--role is only for "add". ${USAGE}`);

const email = normalizeStaffEmail(emailArgument ?? "");
if (command !== "list" && !isStaffEmail(email)) refuse(emailArgument ? `"${emailArgument}" is not an e-mail address.` : `"${command}" needs an e-mail address. ${USAGE}`);
const role = args.values.role as StaffRole | undefined;
if (command === "add" && !STAFF_ROLES.includes(role as StaffRole)) {
  refuse(role === undefined ? `"add" needs --role ${STAFF_ROLES.join("|")}.` : `Unknown role "${role}": use ${STAFF_ROLES.join(", ")}.`);
}

const env = readEnvOrExit();

/** Where the set-up link points: SUPPORT_ORIGIN when the console is behind its own address (https://support.example), else this machine's. */
function supportOrigin(): string {
  const configured = process.env.SUPPORT_ORIGIN;
  if (!configured) return `http://${env.SUPPORT_HOST ?? "support.localhost"}:${env.PORT}`;
  try {
    return new URL(configured).origin;
  } catch {
    refuse(`SUPPORT_ORIGIN "${configured}" is not an origin such as https://support.example.com.`);
  }
}
const origin = supportOrigin();

const store = await openStore({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 1 }).catch((error: unknown) =>
  // The embedded store while the server runs: say so, not a stack trace.
  error instanceof StoreInUseError ? refuse(error.message) : Promise.reject(error),
);
let exitCode = 0;
try {
  await migrate(store);
  if (command === "add") {
    const created = await createStaffAccount(store.db, { email, role: role!, actor: ACTOR });
    if (created.status === "exists") {
      console.error(`A staff account for ${created.email} already exists.`);
      exitCode = 2;
    } else {
      console.log(`Created ${role} account ${created.email}. Its one-time set-up link (good for 72 hours):`);
      console.log(`${origin}/setup/${created.token}`);
    }
  } else if (command === "disable") {
    const result = await disableStaffAccount(store.db, { email, actor: ACTOR });
    if (result.status === "unknown") {
      console.error(`No staff account has the address ${email}.`);
      exitCode = 2;
    } else {
      console.log(result.status === "disabled" ? `Disabled ${email}; its sessions have ended.` : `${email} was already disabled.`);
    }
  } else {
    const accounts = await listStaffAccounts(store.db);
    if (accounts.length === 0) console.log("No staff accounts yet.");
    for (const account of accounts) {
      const state = account.disabledAt ? "disabled" : account.setUp ? "active" : "awaiting set-up";
      console.log(`${account.email.padEnd(40)} ${account.role.padEnd(10)} ${state.padEnd(16)} since ${account.createdAt.toISOString().slice(0, 10)}`);
    }
  }
} finally {
  await store.close();
}
process.exit(exitCode);
