// `npm run bench`: the per-request work of the foundation, measured. Targets live here, not in tests.
import { pino } from "pino";
import { bench, run, summary } from "mitata";
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

await run();
sites.close();
