import { execFile } from "node:child_process";
import { get as httpGet } from "node:http";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, sessionCookie } from "../support/accounts";
import { text } from "../support/catalog";
import { addProfile } from "../support/store-fixtures";
import { requestAs, startTestServer, visitorIp, type TestServer } from "../support/test-server";

/** The landers' addresses (§2, issue 20): the slug names the language, a wrong or missing one is sent to the visitor's. */
describe("lander slugs", () => {
  let server: TestServer;

  beforeAll(async () => {
    // The proxy in front (loopback, trusted) reports the visitor's region as Cloudflare does.
    server = await startTestServer({ env: { REGION_HEADER: "cf-region-code" } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const get = (siteId: string, pathname: string, headers: Record<string, string> = {}) =>
    requestAs(server.port, `${siteId}.localhost:${server.port}`, pathname, { "x-forwarded-for": visitorIp(), ...headers });
  const htmlLanguage = (body: string) => /<html lang="([^"]+)"/.exec(body)?.[1];

  it("sends a lander without a slug to the slug of the visitor's language, with the visit's tracking query", async () => {
    const response = await get("flirt-nl", "/landers/gallery?network=adnet&ref=spring&lb=1");
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("/landers/gallery/nl?network=adnet&ref=spring&lb=1");
    expect(response.headers["cache-control"]).toBe("private, no-cache");
    const landed = await get("flirt-nl", "/landers/gallery/nl");
    expect([landed.status, htmlLanguage(landed.body)]).toEqual([200, "nl"]);
  });

  it("shows a lander in the language its slug names, whatever the visitor's browser prefers", async () => {
    const spanish = await get("bbw-us", "/landers/video/bbw-es", { "accept-language": "en-US,en;q=0.9", "cf-ipcountry": "US" });
    expect([spanish.status, htmlLanguage(spanish.body)]).toEqual([200, "es"]);
    const english = await get("bbw-us", "/landers/video/bbw-eng", { "accept-language": "es", "cf-ipcountry": "US" });
    expect([english.status, htmlLanguage(english.body)]).toEqual([200, "en"]);
    // A member's landing page with a slug reads it the same way.
    const memberPage = await get("bbw-us", "/members/1/landing2/bbw-es", { "accept-language": "en" });
    expect(htmlLanguage(memberPage.body)).toBe("es");
  });

  it("sends another brand's, niche's or language's slug to the right one for the visitor", async () => {
    for (const wrong of ["milf-es", "bbw-de", "eng", "nl", "BBW-ES"]) {
      const toEnglish = await get("bbw-us", `/landers/iconslanding/${wrong}`, { "accept-language": "en", "cf-ipcountry": "US" });
      expect([wrong, toEnglish.status, toEnglish.headers.location]).toEqual([wrong, 302, "/landers/iconslanding/bbw-eng"]);
    }
    const toSpanish = await get("bbw-us", "/landers/iconslanding/milf-es?network=x", { "accept-language": "es", "cf-ipcountry": "US" });
    expect(toSpanish.headers.location).toBe("/landers/iconslanding/bbw-es?network=x");
    // The chosen language of the switcher wins over the browser's.
    const chosen = await get("bbw-us", "/landers/iconslanding", { "accept-language": "en", "cf-ipcountry": "US", cookie: "locale=es" });
    expect(chosen.headers.location).toBe("/landers/iconslanding/bbw-es");
  });

  it("shows the brand's newest members on each built design, each a way to sign up for them, and only the brand's", async () => {
    const flirt = server.sites.byId("flirt-nl")!;
    const sanne = await addProfile(server.store, flirt, { name: "Sanne", born: "1991-06-06", photo: true });
    const other = await addProfile(server.store, server.sites.byId("bbw-us")!, { name: "Oona", country: "US", photo: true });
    // With a query: past the page cache, which may hold this page from before these members.
    const gallery = await get("flirt-nl", "/landers/gallery/nl?ref=members");
    expect(gallery.status).toBe(200);
    expect(gallery.body).toContain(`href="/signup?to=like&amp;profile=${sanne}&amp;redirectTo=%2Flanders%2Fgallery%2Fnl%3Fref%3Dmembers"`);
    expect(gallery.body).toContain(`>${text("nl", "account:signup.reason.like", { name: "Sanne" })}<`);
    expect(gallery.body).not.toContain(`profile=${other}`);
    const collage = await get("flirt-nl", "/landers/collagelanding/nl?ref=members");
    expect(collage.body).toContain(text("nl", "home:none.trustTitle"));

    // The feed shows members with words of their own, as posts to like or answer.
    await server.store.db.updateTable("profiles").set({ about_me: "Fietsen langs de Vecht." }).where("id", "=", sanne).execute();
    const silent = await addProfile(server.store, flirt, { name: "Stil", photo: true });
    const feed = await get("flirt-nl", "/landers/socialnetwork/nl?ref=members");
    expect(feed.body).toContain("Fietsen langs de Vecht.");
    expect(feed.body).toContain(`href="/signup?to=message&amp;profile=${sanne}&amp;redirectTo=%2Flanders%2Fsocialnetwork%2Fnl%3Fref%3Dmembers"`);
    expect(feed.body).not.toContain(`profile=${silent}`);

    const tonight = await get("flirt-nl", "/landers/alonetonight/nl?ref=members");
    expect(tonight.body).toContain(`>${text("nl", "home:landers.alonetonight.title")}<`);
    expect(tonight.body).toContain(`profile=${sanne}`);
    const icons = await get("flirt-nl", "/landers/iconslanding/nl?ref=members");
    expect(icons.body).toContain(`profile=${sanne}`);
    expect(icons.body).toContain(text("nl", "home:none.trustTitle"));
  });

  it("deals the brand's members on tinderswipe, each like a signup to like them; members go to the real game", async () => {
    const flirt = server.sites.byId("flirt-nl")!;
    const mila = await addProfile(server.store, flirt, { name: "Mila", born: "1994-04-04", photo: true });
    const swipe = await get("flirt-nl", "/landers/tinderswipe?ref=swipe");
    expect(swipe.status).toBe(200);
    expect(swipe.body).toContain(`href="/signup?to=like&amp;profile=${mila}&amp;redirectTo=%2Flanders%2Ftinderswipe%3Fref%3Dswipe"`);
    const member = await createMember(server, { siteId: "flirt-nl" });
    const cookie = (await sessionCookie(server, { siteId: "flirt-nl", accountId: member.accountId })).header;
    const signedIn = await get("flirt-nl", "/landers/tinderswipe", { cookie });
    expect([signedIn.status, signedIn.headers.location]).toEqual([302, "/swipe-game"]);
  });

  it("maplanding: pins the brand's members of the visitor's country on its map, those of the visitor's region first, each a signup to like them", async () => {
    const flirt = server.sites.byId("flirt-nl")!;
    const grietje = await addProfile(server.store, flirt, { name: "Grietje", region: "GR", city: "Groningen", photo: true });
    const lieke = await addProfile(server.store, flirt, { name: "Lieke", region: "LI", city: "Maastricht", photo: true });
    const belgian = await addProfile(server.store, flirt, { name: "Lotte", country: "BE", region: "VAN", city: "Antwerpen", photo: true });
    const map = (region: string | undefined, query = "?ref=map") =>
      get("flirt-nl", `/landers/maplanding/nl${query}`, { "cf-ipcountry": "NL", ...(region ? { "cf-region-code": region } : {}) });
    const pinOrder = (body: string) => [grietje, lieke].sort((a, b) => body.indexOf(`profile=${a}&`) - body.indexOf(`profile=${b}&`));

    const fromGroningen = await map("NL-GR");
    expect(fromGroningen.status).toBe(200);
    expect(fromGroningen.body).toContain(`>${text("nl", "home:landers.maplanding.leadRegion", { name: "FlirtNL", region: "Groningen" })}<`);
    expect(fromGroningen.body).toContain(`aria-label="${text("nl", "home:landers.maplanding.mapLabel", { country: "Nederland", name: "FlirtNL" })}"`);
    expect(pinOrder(fromGroningen.body)).toEqual([grietje, lieke]);
    expect(fromGroningen.body).not.toContain(`profile=${belgian}&`);
    // Each member is pinned on the map where their town is: Groningen high in the north-east, Maastricht at the bottom.
    const pinTop = (body: string, id: number) => Number(new RegExp(`top:([\\d.]+)%"><a[^>]*profile=${id}&`).exec(body)?.[1]);
    expect(pinTop(fromGroningen.body, grietje)).toBeLessThan(30);
    expect(pinTop(fromGroningen.body, lieke)).toBeGreaterThan(70);

    const fromLimburg = await map("LI");
    expect(pinOrder(fromLimburg.body)).toEqual([lieke, grietje]);
    // A region the country does not have is no region: the lead without one.
    const unknownRegion = await map("XX");
    expect(unknownRegion.body).toContain(`>${text("nl", "home:landers.maplanding.lead", { name: "FlirtNL" })}<`);
    // A Belgian visitor sees the Belgian members on a map of Belgium.
    const fromBelgium = await get("flirt-nl", "/landers/maplanding/nl?ref=map", { "cf-ipcountry": "BE" });
    expect(fromBelgium.body).toContain(`profile=${belgian}&`);
    expect(fromBelgium.body).not.toContain(`profile=${grietje}&`);
  });

  it("maplanding is kept once per region, and says so to shared caches", async () => {
    const first = await get("flirt-nl", "/landers/maplanding/nl", { "cf-ipcountry": "NL", "cf-region-code": "UT" });
    const again = await get("flirt-nl", "/landers/maplanding/nl", { "cf-ipcountry": "NL", "cf-region-code": "UT" });
    const elsewhere = await get("flirt-nl", "/landers/maplanding/nl", { "cf-ipcountry": "NL", "cf-region-code": "ZE" });
    expect([first.headers["x-page-cache"], again.headers["x-page-cache"], elsewhere.headers["x-page-cache"]]).toEqual(["miss", "hit", "miss"]);
    expect(again.body).toContain(text("nl", "home:landers.maplanding.leadRegion", { name: "FlirtNL", region: "Utrecht" }));
    expect(elsewhere.body).toContain(text("nl", "home:landers.maplanding.leadRegion", { name: "FlirtNL", region: "Zeeland" }));
    expect(first.headers.vary).toContain("cf-region-code");
    // Pages that do not read the region are kept once for all regions.
    await get("flirt-nl", "/landers/gallery/nl", { "cf-ipcountry": "NL", "cf-region-code": "UT" });
    const gallery = await get("flirt-nl", "/landers/gallery/nl", { "cf-ipcountry": "NL", "cf-region-code": "ZE" });
    expect(gallery.headers["x-page-cache"]).toBe("hit");
    expect(gallery.headers.vary).not.toContain("cf-region-code");
  });

  it("the video designs play the niche's silent loop over its poster, with the brand's newest members below", async () => {
    const flirt = server.sites.byId("flirt-nl")!;
    const noor = await addProfile(server.store, flirt, { name: "Noor", photo: true });
    for (const [design, niche] of [
      ["video", "none"],
      ["transitionsvideolanding", "none"],
    ] as const) {
      const page = await get("flirt-nl", `/landers/${design}/nl?ref=film`);
      expect(page.status).toBe(200);
      const video = /<video [^>]*>/.exec(page.body)?.[0] ?? "";
      expect(video).toContain(`src="/loops/v1/${niche}-${design}.mp4"`);
      expect(video).toContain(`poster="/loops/v1/${niche}-${design}.webp"`);
      // Never with sound, never on its own before the page runs: the page starts it muted, unless the visitor asked for less motion.
      expect(video).toMatch(/ loop=""/);
      expect(video).toMatch(/ playsInline=""| playsinline=""/);
      expect(video).not.toContain("autoplay");
      expect(page.body).toContain(`profile=${noor}&`);
    }
    const gay = await get("gay-uk", "/landers/video/gay-eng?ref=film", { "cf-ipcountry": "GB" });
    expect(gay.body).toContain(`src="/loops/v1/gay-video.mp4"`);
    expect((await get("flirt-nl", "/landers/video/milf-de")).headers.location).toBe("/landers/video/nl");
  });

  const download = (pathname: string) =>
    new Promise<{ status: number | undefined; type: string | undefined; bytes: Buffer }>((resolve, reject) => {
      httpGet({ host: "127.0.0.1", port: server.port, path: pathname, headers: { host: `flirt-nl.localhost:${server.port}` } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode, type: res.headers["content-type"], bytes: Buffer.concat(chunks) }));
      }).on("error", reject);
    });

  it("serves every niche's loops as built: an MP4 film and a WebP poster of the film's size", async () => {
    for (const niche of ["none", "she", "bdsm", "bbw", "gilf", "milf", "gay"]) {
      for (const [design, width, height] of [
        ["video", 640, 360],
        ["transitionsvideolanding", 360, 640],
      ] as const) {
        const film = await download(`/loops/v1/${niche}-${design}.mp4`);
        expect([film.status, film.type]).toEqual([200, "video/mp4"]);
        // An ISO media file opens with its file-type box.
        expect(film.bytes.toString("latin1", 4, 8)).toBe("ftyp");
        const poster = await download(`/loops/v1/${niche}-${design}.webp`);
        const { format, width: posterWidth, height: posterHeight } = await sharp(poster.bytes).metadata();
        expect([format, posterWidth, posterHeight]).toEqual(["webp", width, height]);
      }
    }
  });

  it("answers a design that does not exist with not found", async () => {
    expect((await get("flirt-nl", "/landers/no-such-design/nl")).status).toBe(404);
    expect((await get("flirt-nl", "/landers/no-such-design")).status).toBe(404);
  });
});

/** `npm run landers` (the built command): what the ad team asks for. */
describe("the landers command", () => {
  const landers = async (...args: string[]) => {
    try {
      const { stdout } = await promisify(execFile)(process.execPath, ["build/landers.js", ...args], { env: { ...process.env, SITES_DIR: "sites", LOG_LEVEL: "silent" } });
      return { code: 0, stdout, stderr: "" };
    } catch (error) {
      return error as { code: number; stdout: string; stderr: string };
    }
  };

  it("lists a brand's lander addresses on its primary domain, each design in each language", async () => {
    const { code, stdout } = await landers("--site", "bbw-us");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^CurvyCrush \(bbw-us\)$/m);
    expect(stdout).toMatch(/^ {2}es {2}gallery +https:\/\/curvycrush\.example\/landers\/gallery\/bbw-es$/m);
    expect(stdout).toMatch(/^ {2}en {2}video +https:\/\/curvycrush\.example\/landers\/video\/bbw-eng$/m);
    expect(stdout.match(/https:\/\//g)).toHaveLength(2 * 8 + 1);
    expect(stdout).not.toContain("flirtnl.example");
  });

  it("lists every brand without --site, and refuses an unknown brand in one line", async () => {
    const all = await landers();
    for (const domain of ["flirtnl.example/landers/gallery/nl", "reifeliebe.example/landers/gallery/milf-de", "himmatch.example/landers/gallery/gay-eng"]) expect(all.stdout).toContain(domain);
    const unknown = await landers("--site", "nope");
    expect([unknown.code, unknown.stderr.trim()]).toEqual([2, 'No brand "nope".']);
  });
});
