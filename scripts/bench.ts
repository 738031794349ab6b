// `npm run bench`: the per-request work of the foundation and accounts, measured. Targets live here, not in tests.
import { pino } from "pino";
import { bench, run, summary } from "mitata";
import { signupSchema } from "../server/accounts/forms";
import { hashPassword, verifyPassword } from "../server/accounts/passwords";
import { createI18n, loadCatalog } from "../server/i18n/catalog";
import { chooseLanguage } from "../server/i18n/locale";
import { SiteRegistry } from "../server/sites/registry";
import { publicSettings } from "../server/sites/settings";

const sites = await SiteRegistry.open({ dir: "sites", allowLocalhostIds: true, log: pino({ level: "silent" }) });
const i18n = await createI18n(await loadCatalog("locales"));
const site = sites.byId("bbw-us")!;
const t = i18n.getFixedT("en");

summary(() => {
  bench("resolve host (cached)", () => sites.resolveHost("www.curvycrush.example:443"));
  bench("choose language", () => chooseLanguage({ site, country: "US", cookie: "es", acceptLanguage: "es-US,es;q=0.9" }));
  bench("settings object", () => publicSettings({ site, language: "en", geoipCountry: "US", t }));
});

// A sign-in costs one argon2id verification (OWASP floor: 19 MiB, 2 passes), about 12 ms of one
// core here: the point of it, and what caps sign-ins per core per second.
const passwordHash = await hashPassword("correct horse battery");
const signup = signupSchema({ minAge: 18, today: "2026-11-22" });
summary(() => {
  bench("verify password (argon2id)", async () => verifyPassword(passwordHash, "correct horse battery"));
  bench("validate signup form", () =>
    signup.safeParse({ email: "Jan@Example.com", name: "Jan", date_of_birth: "1990-05-01", password: "long enough" }),
  );
});

await run();
sites.close();
