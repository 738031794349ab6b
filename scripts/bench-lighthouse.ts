// `npm run bench -- lighthouse`: Lighthouse mobile (the lighthouse package on Debian's Chromium, never a
// downloaded browser) against the built server (run `npm run build` first): `/`, `/signup` and a
// signed-in `/members` of every demo brand, the median of --runs (3) each. Prints performance,
// accessibility, LCP, TBT, JavaScript bytes on the wire and the number of stylesheets, against the
// targets of the page payload (docs/decisions/020-browser-payload.md) and of issue 16 (accessibility 100). The store is PGlite in a temporary folder, seeded with demo
// members so the search page has cards; a confirmed member of each brand signs in through /login.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { activateAccount } from "../server/accounts/activation";
import { createLink } from "../server/accounts/links";
import { NICHE_CHOICES, type Seeking } from "../server/accounts/looking-for";
import { createAccount } from "../server/accounts/signup";
import { consentAsShown } from "../server/privacy/consent";
import { openStore } from "../server/db/database";
import { migrate } from "../server/db/migrate";
import { createI18n, loadCatalog } from "../server/i18n/catalog";
import { createPhotoStorage } from "../server/photos/storage";
import { avatarTarget } from "../server/profiles/demo-avatars";
import { seedDemoMembers } from "../server/profiles/demo-members";
import type { Gender } from "../server/db/schema";
import { formatProblems, loadSites } from "../server/sites/load";
import { nicheName, type Site } from "../server/sites/schema";
import { syncSites } from "../server/sites/sync";
import { requestAs } from "../tests/support/test-server";
import { requireBuild, startBuiltServer, stopInstance } from "./bench-instance";

const BRANDS = ["flirt-nl", "milf-de", "gay-uk", "bbw-us"];
const PAGES = [
  { path: "/", member: false },
  { path: "/signup", member: false },
  { path: "/members", member: true },
];
const index = process.argv.indexOf("--runs");
const RUNS = index === -1 ? 3 : Math.max(1, Number(process.argv[index + 1]) || 3);
const TARGETS = { performance: 95, accessibility: 100, lcpMs: 2_000, tbtMs: 100, jsKB: 100, stylesheets: 3 };
const PASSWORD = "bench lighthouse password";
const CHROMIUM_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

requireBuild();
const dataDir = await mkdtemp(path.join(tmpdir(), "amora-bench-lighthouse-"));
const secret = randomBytes(32).toString("base64url");

/** Demo members for the cards, and one confirmed member per brand; answers their addresses. */
async function seed(): Promise<Record<string, string>> {
  const store = await openStore({ dataDir });
  try {
    await migrate(store);
    const { sites, problems } = await loadSites(path.resolve("sites"));
    if (problems.length > 0) throw new Error(`The site files have problems:\n${formatProblems(problems)}`);
    await syncSites(store, sites);
    const photos = createPhotoStorage({ DATA_DIR: dataDir, S3_REGION: "us-east-1", S3_BUCKET: undefined, S3_ENDPOINT: undefined });
    await seedDemoMembers({ db: store.db, sites, count: 400, ...avatarTarget(photos, dataDir) });
    const i18n = await createI18n(await loadCatalog("locales"));
    const emails: Record<string, string> = {};
    for (const siteId of BRANDS) {
      const site = sites.find((candidate) => candidate.id === siteId);
      if (!site) throw new Error(`no brand ${siteId}`);
      const email = `lighthouse.${siteId}@example.com`;
      const language = site.domain_language;
      const created = await createAccount(store.db, {
        form: { email, name: "Bench", date_of_birth: "1988-03-01", password: PASSWORD, ...signupDefault(site), signup_message: undefined, website: undefined },
        language,
        country: site.default_country,
        tracking: undefined,
        outgoing: { site, origin: `http://${siteId}.localhost`, t: i18n.getFixedT(language), language },
        // The signup's "looking for" is a sexuality, stored only with the consent the form asks for.
        consent: consentAsShown({ site, t: i18n.getFixedT(language), language }),
      });
      if (created.status !== "created") throw new Error(`signup on ${siteId} answered ${created.status}`);
      const token = await store.db.transaction().execute((tx) => createLink(tx, { accountId: created.accountId, purpose: "activation", validForMs: 60_000 }));
      await activateAccount(store.db, { siteId, token, signupCredits: site.signup_credits });
      emails[siteId] = email;
    }
    return emails;
  } finally {
    await store.close();
  }
}

/** Signs in through the login form, as a browser would; answers the session cookie. */
async function signIn(port: number, siteId: string, email: string): Promise<string> {
  const host = `${siteId}.localhost:${port}`;
  const response = await requestAs(port, host, "/login", { "content-type": "application/x-www-form-urlencoded", origin: `http://${host}` }, {
    method: "POST",
    body: new URLSearchParams({ email, password: PASSWORD }).toString(),
  });
  const setCookie = response.headers["set-cookie"];
  const cookies = (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []).map((header) => header.split(";")[0]!);
  if (cookies.length === 0) throw new Error(`signing in on ${siteId} answered ${response.status} without a cookie`);
  return cookies.join("; ");
}

/** The visitor the brand is made for, as its signup form starts. */
function signupDefault(site: Site): { gender: Gender; looking_for: Seeking } {
  const { gender, seeking } = NICHE_CHOICES[nicheName(site.niche)].default;
  return { gender, looking_for: seeking };
}

type Figures = { performance: number; accessibility: number; lcpMs: number; tbtMs: number; jsKB: number; stylesheets: number };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function audit(port: number, url: string, cookie: string | undefined): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
    formFactor: "mobile",
    ...(cookie ? { extraHeaders: { cookie } } : {}),
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { audits, categories } = result.lhr;
  const requests = (audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number; url: string }[] } | undefined)?.items ?? [];
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    lcpMs: audits["largest-contentful-paint"]?.numericValue ?? NaN,
    tbtMs: audits["total-blocking-time"]?.numericValue ?? NaN,
    jsKB: requests.filter((item) => item.resourceType === "Script").reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
    stylesheets: requests.filter((item) => item.resourceType === "Stylesheet").length,
  };
}

let server: Awaited<ReturnType<typeof startBuiltServer>> | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  const emails = await seed();
  server = await startBuiltServer({ NODE_ENV: "production", DATA_DIR: dataDir, SITES_DIR: path.resolve("sites"), SESSION_SECRETS: secret, LOG_LEVEL: "warn", DEMO_MEMBERS: "0" });
  // Brands are found by host: Chromium resolves *.localhost to this machine by itself.
  chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", chromeFlags: CHROMIUM_FLAGS });
  const rows = [];
  for (const siteId of BRANDS) {
    const origin = `http://${siteId}.localhost:${server.port}`;
    const cookie = await signIn(server.port, siteId, emails[siteId]!);
    for (const page of PAGES) {
      const runs: Figures[] = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await audit(chrome.port, origin + page.path, page.member ? cookie : undefined));
      const figures: Figures = {
        performance: median(runs.map((r) => r.performance)),
        accessibility: median(runs.map((r) => r.accessibility)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        jsKB: median(runs.map((r) => r.jsKB)),
        stylesheets: median(runs.map((r) => r.stylesheets)),
      };
      const met =
        figures.performance >= TARGETS.performance &&
        figures.accessibility >= TARGETS.accessibility &&
        figures.lcpMs <= TARGETS.lcpMs && figures.tbtMs <= TARGETS.tbtMs && figures.jsKB <= TARGETS.jsKB && figures.stylesheets <= TARGETS.stylesheets;
      rows.push({
        brand: siteId,
        page: page.path,
        performance: figures.performance,
        accessibility: figures.accessibility,
        "LCP s": (figures.lcpMs / 1000).toFixed(2),
        "TBT ms": Math.round(figures.tbtMs),
        "JS KB": figures.jsKB.toFixed(1),
        stylesheets: figures.stylesheets,
        targets: met ? "met" : "missed",
      });
    }
  }
  console.log(`Lighthouse mobile, median of ${RUNS}; targets: performance ≥ ${TARGETS.performance}, accessibility ≥ ${TARGETS.accessibility}, LCP ≤ ${TARGETS.lcpMs / 1000} s, TBT ≤ ${TARGETS.tbtMs} ms, JS ≤ ${TARGETS.jsKB} KB compressed, ≤ ${TARGETS.stylesheets} stylesheets`);
  console.table(rows);
} finally {
  chrome?.kill();
  await stopInstance(server?.child);
  await rm(dataDir, { recursive: true, force: true });
}
