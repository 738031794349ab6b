import { parse as parseCookie } from "cookie";
import { activateAccount } from "../../server/accounts/activation";
import { createLink } from "../../server/accounts/links";
import { createAccount } from "../../server/accounts/signup";
import { readMailFolder, type StoredMail } from "../../server/mail/transport";
import type { TestServer } from "./test-server";

export const PASSWORD = "correct horse battery";

let counter = 0;
/** An address no other test uses. */
export const uniqueEmail = (label = "member") => `${label}.${Date.now().toString(36)}${(counter += 1)}@example.com`;

type NewMember = {
  siteId: string;
  email?: string;
  password?: string;
  name?: string;
  confirmed?: boolean;
  language?: string;
  /** How long ago the account was made. A month by default: the offers of a new member (time bonus, welcome discount) change prices and pages only in tests that ask for them. */
  signedUpAgoMs?: number;
};

/** Long enough that a member has outlived the time bonus and the welcome discount. */
const LONG_AGO_MS = 30 * 86_400_000;

/** A member made through the real signup and activation code, for tests that are not about those; they read the brand's language. */
export async function createMember(server: TestServer, { siteId, email = uniqueEmail(), password = PASSWORD, name = "Tester", confirmed = true, language: chosen, signedUpAgoMs = LONG_AGO_MS }: NewMember) {
  const site = server.sites.resolveHost(`${siteId}.localhost`);
  if (!site) throw new Error(`no site ${siteId}`);
  const language = chosen ?? site.domain_language;
  const db = server.store.db;
  const created = await createAccount(db, {
    form: { email, name, date_of_birth: "1990-04-01", password, signup_message: undefined, website: undefined },
    language,
    country: site.default_country,
    tracking: undefined,
    outgoing: { site, origin: server.origin(siteId), t: server.services.i18n.getFixedT(language), language },
  });
  if (created.status !== "created") throw new Error(`signup of ${email} answered ${created.status}`);
  await db.updateTable("accounts").set({ created_at: new Date(Date.now() - signedUpAgoMs) }).where("id", "=", created.accountId).execute();
  if (confirmed) {
    const token = await db.transaction().execute((tx) => createLink(tx, { accountId: created.accountId, purpose: "activation", validForMs: 60_000 }));
    await activateAccount(db, { siteId, token, signupCredits: site.signup_credits });
  }
  return { ...created, email, password, name, siteId };
}

/** The auth cookie of a fresh session, for a browser context or a request header. */
export async function sessionCookie(server: TestServer, { siteId, accountId }: { siteId: string; accountId: number }) {
  const header = await server.services.sessions.start({ siteId, accountId });
  const [pair] = header.split(";");
  const [name, value] = Object.entries(parseCookie(pair ?? ""))[0] as [string, string];
  return { name, value, header: `${name}=${encodeURIComponent(value)}` };
}

/** The newest mail to an address, waiting for the outbox to deliver it. */
export async function waitForMail(server: TestServer, to: string, { subject, after = 0 }: { subject?: RegExp | string; after?: number } = {}): Promise<StoredMail> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const mails = await readMailFolder(server.dataDir, 1_000);
    const found = mails.filter((mail) => mail.to === to && (subject === undefined || (typeof subject === "string" ? mail.subject === subject : subject.test(mail.subject))));
    if (found.length > after) return found[0] as StoredMail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to}`);
}

/** The single-use link in a mail's text part. */
export function linkIn(mail: StoredMail): string {
  const link = /https?:\/\/\S+\?token=[\w-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in "${mail.subject}"`);
  return link;
}
