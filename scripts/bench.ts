// `npm run bench`: the per-request work of the foundation and accounts, measured. Targets live here, not in tests.
// `npm run bench -- search` measures member search at a million members instead (scripts/bench-search.ts).
if (process.argv.includes("search")) {
  await import("./bench-search");
  process.exit(0);
}
// `npm run bench -- limits`: only the event-loop delay while hostile bodies are refused (scripts/bench-body-limits.ts).
if (process.argv.includes("limits")) {
  await import("./bench-body-limits");
  process.exit(0);
}
// `npm run bench -- chat`: chat delivery across two instances on PostgreSQL and Redis (scripts/bench-chat.ts).
if (process.argv.includes("chat")) {
  await import("./bench-chat");
  process.exit(0);
}
// `npm run bench -- payments`: webhook deliveries through the HTTP server on PostgreSQL (scripts/bench-payments.ts).
if (process.argv.includes("payments")) {
  await import("./bench-payments");
  process.exit(0);
}
// `npm run bench -- brands [--count 10000]`: brand files at scale, start and edit-to-live (scripts/bench-brands.ts).
if (process.argv.includes("brands")) {
  await import("./bench-brands");
  process.exit(0);
}
// `npm run bench -- pages`: pages and member API calls through the built server, side by side (scripts/bench-pages.ts).
if (process.argv.includes("pages")) {
  await import("./bench-pages");
  process.exit(0);
}
// `npm run bench -- lighthouse`: Lighthouse mobile on the built server, every demo brand (scripts/bench-lighthouse.ts);
// `npm run bench -- landers`: the same for every lander design of one brand.
if (process.argv.includes("lighthouse") || process.argv.includes("landers")) {
  await import("./bench-lighthouse");
  process.exit(0);
}
import { existsSync } from "node:fs";
import { pino } from "pino";
import { bench, group, run, summary } from "mitata";
import { signupSchema } from "../server/accounts/forms";
import { hashPassword, verifyPassword } from "../server/accounts/passwords";
import { createI18n, loadCatalog } from "../server/i18n/catalog";
import { chooseLanguage } from "../server/i18n/locale";
import { loadPlaces, regionsOf, reverseGeocode } from "../server/profiles/places";
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
const signup = signupSchema({ minAge: 18, today: "2026-11-22", brandName: "FlirtNL", niche: "none" });
summary(() => {
  bench("verify password (argon2id)", async () => verifyPassword(passwordHash, "correct horse battery"));
  bench("validate signup form", () =>
    signup.safeParse({ gender: "male", looking_for: "women", email: "Jan@Example.com", name: "Jan", date_of_birth: "1990-05-01", password: "long enough" }),
  );
});

// Places are read once per process, on the first lookup: that cost and what stays in memory are
// measured here, before the lookups themselves (a grid search over 170,000 towns).
const memory = () => {
  globalThis.gc?.();
  const { rss, heapUsed, arrayBuffers } = process.memoryUsage();
  return { rss, kept: heapUsed + arrayBuffers };
};
const beforePlaces = memory();
const loadStart = performance.now();
loadPlaces();
const loadMs = performance.now() - loadStart;
const afterPlaces = memory();
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const peakDuringLoad = process.resourceUsage().maxRSS * 1024 - beforePlaces.rss; // maxRSS is in KiB
console.log(
  `places: loaded in ${loadMs.toFixed(0)} ms; kept ${mb(afterPlaces.kept - beforePlaces.kept)}` +
    `${globalThis.gc ? "" : " (approximate: run node with --expose-gc)"}, resident +${mb(afterPlaces.rss - beforePlaces.rss)}` +
    ` after, at most +${mb(Math.max(0, peakDuringLoad))} while loading`,
);
group("places", () => {
  bench("reverse geocode (Amsterdam)", () => reverseGeocode(52.3731, 4.8926));
  bench("reverse geocode (Drenthe countryside)", () => reverseGeocode(52.85, 6.6));
  bench("reverse geocode (North Sea: nothing)", () => reverseGeocode(55, 3));
  bench("regions of the US", () => regionsOf("US"));
});

await run();
sites.close();

// Last, against the built app: the event-loop delay while oversized and field-bombed bodies are refused.
if (existsSync("build/server/index.js")) await import("./bench-body-limits");
else console.log("body limits: skipped (run `npm run build` first)");
