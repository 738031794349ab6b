import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { get as httpGet } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestAs, startTestServer, visitorIp, type TestServer } from "../support/test-server";

/** Search engines and shared links (issue 20 item 5): each domain's robots.txt, sitemap and page heads. */
describe("SEO and sharing per brand", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const origin = (siteId: string) => `http://${siteId}.localhost:${server.port}`;
  const get = (siteId: string, pathname: string, headers: Record<string, string> = {}) =>
    requestAs(server.port, `${siteId}.localhost:${server.port}`, pathname, { "x-forwarded-for": visitorIp(), ...headers });
  /** Every <link> and <meta> of a page's head, as attribute maps. */
  const headTags = (html: string) =>
    [...(html.split("</head>")[0] ?? "").matchAll(/<(link|meta) ([^>]+?)\/?>/g)].map(([, tag, attributes]) => ({
      tag,
      ...Object.fromEntries([...attributes!.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [name!.toLowerCase(), value!.replace(/&amp;/g, "&")])),
    })) as Record<string, string>[];
  const metaContent = (tags: Record<string, string>[], key: string) => tags.find((tag) => tag.property === key || tag.name === key)?.content;

  it("closes signed-in areas to crawlers and names the domain's sitemap", async () => {
    for (const siteId of ["flirt-nl", "bbw-us"]) {
      const robots = await get(siteId, "/robots.txt");
      expect(robots.status).toBe(200);
      expect(robots.headers["content-type"]).toMatch(/^text\/plain/);
      const lines = robots.body.split("\n");
      expect(lines[0]).toBe("User-agent: *");
      for (const closed of ["/members", "/chats", "/settings", "/profile", "/api/", "/likes", "/credits"]) expect(lines).toContain(`Disallow: ${closed}`);
      expect(lines).toContain(`Sitemap: ${origin(siteId)}/sitemap.xml`);
      expect(lines.some((line) => /^Disallow: \/(landers|pages)/.test(line))).toBe(false);
    }
  });

  it("lists the public pages and every lander in each language, with hreflang alternates, and no member page", async () => {
    const response = await get("bbw-us", "/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/xml/);
    const file = path.join(await mkdtemp(path.join(tmpdir(), "amora-sitemap-")), "sitemap.xml");
    await writeFile(file, response.body);
    await expect(promisify(execFile)("/usr/bin/xmllint", ["--noout", file])).resolves.toBeDefined();

    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc!.replace(origin("bbw-us"), ""));
    for (const pathname of ["/", "/pricing", "/pages/terms", "/pages/privacy", "/pages/faq", "/landers/gallery/bbw-eng", "/landers/gallery/bbw-es", "/landers/video/bbw-es"]) expect(locs).toContain(pathname);
    expect(locs).toHaveLength(9 + 8 * 2);
    expect(locs.filter((loc) => /^\/(members|chats|settings|profile|likes|credits|api)/.test(loc))).toEqual([]);
    expect(response.body).toContain(`<url><loc>${origin("bbw-us")}/landers/video/bbw-es</loc>`
      + `<xhtml:link rel="alternate" hreflang="en" href="${origin("bbw-us")}/landers/video/bbw-eng"/>`
      + `<xhtml:link rel="alternate" hreflang="es" href="${origin("bbw-us")}/landers/video/bbw-es"/>`
      + `<xhtml:link rel="alternate" hreflang="x-default" href="${origin("bbw-us")}/landers/video/bbw-eng"/></url>`);

    // Each domain its own: another brand's sitemap names its own address and slugs.
    const dutch = await get("flirt-nl", "/sitemap.xml");
    expect(dutch.body).toContain(`<loc>${origin("flirt-nl")}/landers/gallery/nl</loc>`);
    expect(dutch.body).not.toContain("bbw-");
  });

  it("gives a lander its title, description, canonical address, hreflang alternates and share card", async () => {
    const page = await get("bbw-us", "/landers/gallery/bbw-es", { "cf-ipcountry": "US" });
    const tags = headTags(page.body);
    expect(tags.filter((tag) => tag.rel === "canonical").map((tag) => tag.href)).toEqual([`${origin("bbw-us")}/landers/gallery/bbw-es`]);
    expect(tags.filter((tag) => tag.rel === "alternate").map((tag) => [tag.hreflang, tag.href])).toEqual([
      ["en", `${origin("bbw-us")}/landers/gallery/bbw-eng`],
      ["es", `${origin("bbw-us")}/landers/gallery/bbw-es`],
      ["x-default", `${origin("bbw-us")}/landers/gallery/bbw-eng`],
    ]);
    expect(metaContent(tags, "robots")).toBeUndefined();
    expect(metaContent(tags, "description")).toBeTruthy();
    expect(metaContent(tags, "og:title")).toBe(/<title>([^<]+)<\/title>/.exec(page.body)?.[1]);
    expect(metaContent(tags, "og:url")).toBe(`${origin("bbw-us")}/landers/gallery/bbw-es`);
    expect(metaContent(tags, "og:locale")).toBe("es_US");
    expect(metaContent(tags, "og:image")).toBe(`${origin("bbw-us")}/og-image.png`);
    expect(metaContent(tags, "twitter:card")).toBe("summary_large_image");
  });

  it("gives the front page the brand's index_title and description, and public pages one canonical address without the query", async () => {
    const home = headTags((await get("flirt-nl", "/?network=adnet", { "cf-ipcountry": "NL" })).body);
    expect(home.find((tag) => tag.rel === "canonical")?.href).toBe(`${origin("flirt-nl")}/`);
    expect(metaContent(home, "og:site_name")).toBe("FlirtNL");
    expect(metaContent(home, "description")).toBe(metaContent(home, "og:description"));
    for (const pathname of ["/pages/faq", "/pricing"]) {
      const tags = headTags((await get("flirt-nl", pathname)).body);
      expect(tags.find((tag) => tag.rel === "canonical")?.href).toBe(origin("flirt-nl") + pathname);
      expect(metaContent(tags, "description")).toBeTruthy();
    }
    // Pages of an account are kept out of search results.
    expect(metaContent(headTags((await get("flirt-nl", "/login")).body), "robots")).toBe("noindex");
  });

  it("draws each brand's share picture, 1200 × 630, from its theme", async () => {
    const [flirt, bbw] = await Promise.all([get("flirt-nl", "/og-image.png"), get("bbw-us", "/og-image.png")]);
    expect(flirt.status).toBe(200);
    expect(flirt.headers["content-type"]).toBe("image/png");
    const image = (siteId: string) =>
      new Promise<Buffer>((resolve, reject) => {
        httpGet({ host: "127.0.0.1", port: server.port, path: "/og-image.png", headers: { host: `${siteId}.localhost:${server.port}` } }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve(Buffer.concat(chunks)));
        }).on("error", reject);
      });
    const [flirtPng, bbwPng] = await Promise.all([image("flirt-nl"), image("bbw-us")]);
    expect(await sharp(flirtPng).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });
    // The corner shows the theme colour: FlirtNL's red, CurvyCrush's own.
    const corner = async (png: Buffer) => [...(await sharp(png).extract({ left: 4, top: 300, width: 1, height: 1 }).raw().toBuffer())].slice(0, 3);
    expect(await corner(flirtPng)).toEqual([199, 58, 29]);
    expect(await corner(bbwPng)).not.toEqual(await corner(flirtPng));
    expect(bbw.status).toBe(200);
  });
});
