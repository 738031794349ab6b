// `npm run bench -- lighthouse`: Lighthouse mobile (the lighthouse package on Debian's Chromium, never a
// downloaded browser) against the built server (run `npm run build` first): `/`, `/signup` and a
// signed-in `/members` of every demo brand, the median of --runs (3) each. Prints performance,
// accessibility, LCP, TBT, JavaScript bytes on the wire and the number of stylesheets, against the
// targets of the page payload (docs/decisions/020-browser-payload.md) and of issue 16 (accessibility 100).
// `npm run bench -- landers`: the same for every lander design of one brand (--site, flirt-nl) and its
// `/`, with best practices and SEO too, against issue 20's targets (JavaScript ≤ 60 KB on a lander).
// `--page <path>` measures only that page of the list.
// The store is PGlite in a temporary folder, seeded with demo members so the pages have cards; a
// confirmed member of each brand signs in through /login.
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
import { landingSlug, SLUG_DESIGNS } from "../server/sites/landing-slug";
import { nicheName, type Site } from "../server/sites/schema";
import { syncSites } from "../server/sites/sync";
import { requestAs } from "../tests/support/test-server";
import { requireBuild, startBuiltServer, stopInstance } from "./bench-instance";

const option = (name: string) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
};
const RUNS = Math.max(1, Number(option("--runs")) || 3);
const LANDERS = process.argv.includes("landers");

type PageToAudit = { path: string; member: boolean; jsKB: number };
const landerSite = option("--site") ?? "flirt-nl";
const BRANDS = LANDERS ? [landerSite] : ["flirt-nl", "milf-de", "gay-uk", "bbw-us"];

/** The pages measured on a brand: --page picks one of them. */
function pagesOf(site: Site): PageToAudit[] {
  const only = option("--page");
  const pages = listedPages(site);
  return only ? pages.filter((page) => page.path === only) : pages;
}

/** Every lander design of the brand, in its domain language, and the home page they are measured beside. */
function listedPages(site: Site): PageToAudit[] {
  if (!LANDERS) {
    return [
      { path: "/", member: false, jsKB: 100 },
      { path: "/signup", member: false, jsKB: 100 },
      { path: "/members", member: true, jsKB: 100 },
    ];
  }
  const slug = landingSlug(site.niche, site.domain_language);
  return [
    { path: "/", member: false, jsKB: 100 },
    ...SLUG_DESIGNS.map((design) => ({ path: `/landers/${design}/${slug}`, member: false, jsKB: 60 })),
    { path: "/landers/tinderswipe", member: false, jsKB: 60 },
  ];
}
const TARGETS = { performance: 95, accessibility: 100, bestPractices: 95, seo: 100, lcpMs: 2_000, tbtMs: 100, stylesheets: 3 };
const PASSWORD = "bench lighthouse password";
const CHROMIUM_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

requireBuild();
const dataDir = await mkdtemp(path.join(tmpdir(), "amora-bench-lighthouse-"));
const secret = randomBytes(32).toString("base64url");

/** Demo members for the cards, and one confirmed member per brand; answers the brands and the members' addresses. */
async function seed(): Promise<{ sites: Site[]; emails: Record<string, string> }> {
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
    return { sites, emails };
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

type Figures = { performance: number; accessibility: number; bestPractices: number; seo: number; lcpMs: number; tbtMs: number; jsKB: number; stylesheets: number; lcpElement: string };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function audit(port: number, url: string, cookie: string | undefined): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: LANDERS ? ["performance", "accessibility", "best-practices", "seo"] : ["performance", "accessibility"],
    formFactor: "mobile",
    ...(cookie ? { extraHeaders: { cookie } } : {}),
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { audits, categories } = result.lhr;
  const requests = (audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number; url: string }[] } | undefined)?.items ?? [];
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    bestPractices: Math.round((categories["best-practices"]?.score ?? 0) * 100),
    seo: Math.round((categories.seo?.score ?? 0) * 100),
    lcpMs: audits["largest-contentful-paint"]?.numericValue ?? NaN,
    tbtMs: audits["total-blocking-time"]?.numericValue ?? NaN,
    jsKB: requests.filter((item) => item.resourceType === "Script").reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
    stylesheets: requests.filter((item) => item.resourceType === "Stylesheet").length,
    lcpElement: lcpElementOf(audits["largest-contentful-paint-element"]?.details),
  };
}

/** What the largest paint was, and where its time went: "img (TTFB 600, load delay 300, load 200, render delay 100 ms)". */
function lcpElementOf(details: unknown): string {
  const tables = (details as { items?: { items?: { node?: { nodeLabel?: string; selector?: string }; phase?: string; timing?: number }[] }[] } | undefined)?.items ?? [];
  const node = tables[0]?.items?.[0]?.node;
  const phases = (tables[1]?.items ?? []).map((item) => `${item.phase} ${Math.round(item.timing ?? 0)}`).join(", ");
  const label = (node?.selector ?? node?.nodeLabel ?? "?").split(" > ").at(-1)!.slice(0, 40);
  return phases ? `${label} (${phases} ms)` : label;
}

let server: Awaited<ReturnType<typeof startBuiltServer>> | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  const { sites, emails } = await seed();
  server = await startBuiltServer({ NODE_ENV: "production", DATA_DIR: dataDir, SITES_DIR: path.resolve("sites"), SESSION_SECRETS: secret, LOG_LEVEL: "warn", DEMO_MEMBERS: "0" });
  // Brands are found by host: Chromium resolves *.localhost to this machine by itself.
  chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", chromeFlags: CHROMIUM_FLAGS });
  const rows = [];
  const largestPaints: string[] = [];
  for (const siteId of BRANDS) {
    const origin = `http://${siteId}.localhost:${server.port}`;
    const cookie = await signIn(server.port, siteId, emails[siteId]!);
    for (const page of pagesOf(sites.find((site) => site.id === siteId)!)) {
      const runs: Figures[] = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await audit(chrome.port, origin + page.path, page.member ? cookie : undefined));
      const figures: Figures = {
        performance: median(runs.map((r) => r.performance)),
        accessibility: median(runs.map((r) => r.accessibility)),
        bestPractices: median(runs.map((r) => r.bestPractices)),
        seo: median(runs.map((r) => r.seo)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        jsKB: median(runs.map((r) => r.jsKB)),
        stylesheets: median(runs.map((r) => r.stylesheets)),
        lcpElement: runs[0]!.lcpElement,
      };
      const met =
        figures.performance >= TARGETS.performance &&
        figures.accessibility >= TARGETS.accessibility &&
        figures.lcpMs <= TARGETS.lcpMs &&
        figures.tbtMs <= TARGETS.tbtMs &&
        figures.jsKB <= page.jsKB &&
        figures.stylesheets <= TARGETS.stylesheets &&
        (!LANDERS || (figures.bestPractices >= TARGETS.bestPractices && figures.seo >= TARGETS.seo));
      largestPaints.push(`${siteId} ${page.path}: ${figures.lcpElement}`);
      rows.push({
        brand: siteId,
        page: page.path,
        performance: figures.performance,
        accessibility: figures.accessibility,
        ...(LANDERS ? { "best practices": figures.bestPractices, SEO: figures.seo } : {}),
        "LCP s": (figures.lcpMs / 1000).toFixed(2),
        "TBT ms": Math.round(figures.tbtMs),
        "JS KB": `${figures.jsKB.toFixed(1)} / ${page.jsKB}`,
        stylesheets: figures.stylesheets,
        targets: met ? "met" : "missed",
      });
    }
  }
  const more = LANDERS ? `, best practices ≥ ${TARGETS.bestPractices}, SEO ≥ ${TARGETS.seo}` : "";
  console.log(
    `Lighthouse mobile, median of ${RUNS}; targets: performance ≥ ${TARGETS.performance}, accessibility ≥ ${TARGETS.accessibility}${more}, LCP ≤ ${TARGETS.lcpMs / 1000} s, TBT ≤ ${TARGETS.tbtMs} ms, JS compressed at most as the row says, ≤ ${TARGETS.stylesheets} stylesheets`,
  );
  console.table(rows);
  console.log(`largest contentful paint (first run):\n  ${largestPaints.join("\n  ")}`);
} finally {
  chrome?.kill();
  await stopInstance(server?.child);
  await rm(dataDir, { recursive: true, force: true });
}
