import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, sessionCookie } from "../support/accounts";
import { text } from "../support/catalog";
import { addProfile } from "../support/store-fixtures";
import { requestAs, startTestServer, visitorIp, type PlainResponse, type TestServer } from "../support/test-server";

/** The home page's two designs (issue 20 item 4): / in the one the brand's file names, /index-new-design always in the new one. */
describe("the home page's designs", () => {
  let server: TestServer;
  /** flirt-nl's members with a photo, newest first: the ones the home page shows. */
  let members: number[];

  beforeAll(async () => {
    server = await startTestServer();
    const flirt = server.sites.byId("flirt-nl")!;
    members = [];
    for (const name of ["Anouk", "Bram", "Cas", "Daan", "Eva", "Fenna", "Gijs"]) members.unshift(await addProfile(server.store, flirt, { name, photo: true }));
  });
  afterAll(async () => {
    await server?.stop();
  });

  const get = (pathname: string, headers: Record<string, string> = {}) =>
    requestAs(server.port, `flirt-nl.localhost:${server.port}`, pathname, { "x-forwarded-for": visitorIp(), "accept-language": "nl", "cf-ipcountry": "NL", ...headers });
  const origin = () => `http://flirt-nl.localhost:${server.port}`;
  /** The page's first section, around its headline: the drawing of the classic design, or the faces of the new one. */
  const hero = (response: PlainResponse) => {
    const main = response.body.indexOf('<main id="main"');
    return response.body.slice(main, response.body.indexOf("</section>", main));
  };
  const heroPhotos = (response: PlainResponse) => [...hero(response).matchAll(/<img src="\/media\/flirt-nl\/(\d+)-thumb\.webp"/g)].map((match) => Number(match[1]));
  const showsDrawing = (response: PlainResponse) => /<use href="\/assets\/none-[\w-]+\.svg#scene"/.test(hero(response));
  const canonical = (response: PlainResponse) => /<link rel="canonical" href="([^"]+)"/.exec(response.body)?.[1];
  const ogUrl = (response: PlainResponse) => /<meta property="og:url" content="([^"]+)"/.exec(response.body)?.[1];

  /** Rewrites flirt-nl's file and waits for the server to apply it (its reload event, not a pause). */
  async function editFlirt(edit: (settings: Record<string, unknown>) => Record<string, unknown>) {
    const file = path.join(server.sitesDir, "flirt-nl.json");
    const settings = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
    const applied = new Promise<void>((resolve) => {
      const stop = server.sites.onChange((_all, { changed }) => {
        if (!changed.some((site) => site.id === "flirt-nl")) return;
        stop();
        resolve();
      });
    });
    await writeFile(file, JSON.stringify(edit(settings), null, 2));
    await applied;
  }

  it("shows / in the classic design by default, and /index-new-design with the brand's newest members in its hero", async () => {
    const classic = await get("/");
    expect(classic.status).toBe(200);
    expect(showsDrawing(classic)).toBe(true);
    expect(heroPhotos(classic)).toEqual([]);

    const variant = await get("/index-new-design");
    expect(variant.status).toBe(200);
    expect(heroPhotos(variant)).toEqual(members.slice(0, 6));
    expect(showsDrawing(variant)).toBe(false);
    // The same words and way in as the classic design: the niche's copy and the signup.
    for (const response of [classic, variant]) {
      expect(hero(response)).toContain(`>${text("nl", "home:none.title")}</h1`);
      expect(response.body).toContain(`href="/signup"`);
      expect(response.body).toContain(`>${text("nl", "home:signup")}<`);
      expect(response.body).toContain(`href="/members/${members[0]}"`);
    }
  });

  it("is one page to search engines: both addresses name / as canonical", async () => {
    for (const pathname of ["/", "/index-new-design", "/index-new-design?network=adnet"]) {
      const response = await get(pathname);
      expect([pathname, canonical(response), ogUrl(response)]).toEqual([pathname, `${origin()}/`, `${origin()}/`]);
    }
  });

  it("badges a fictional member and gives the brand's warning under the members, in the new design too", async () => {
    await server.store.db.updateTable("profiles").set({ fictional: true }).where("id", "=", members[1]!).execute();
    // With a query: past the page cache, which holds this page from before.
    const variant = await get("/index-new-design?ref=fictional");
    expect(variant.body).toContain(`>${text("nl", "members:profile.fictionalBadge")}<`);
    const warning = (JSON.parse(await readFile(path.join(server.sitesDir, "flirt-nl.json"), "utf8")) as { fictional_warning: { plural: string | Record<string, string> } }).fictional_warning.plural;
    expect(variant.body).toContain(typeof warning === "string" ? warning : warning.nl);
    await server.store.db.updateTable("profiles").set({ fictional: false }).where("id", "=", members[1]!).execute();
  });

  it("comes from the page cache at both addresses, and / follows an edit of the brand's home_design at once", async () => {
    expect((await get("/index-new-design")).headers["x-page-cache"]).toBe("hit");
    const cached = await get("/");
    expect([cached.headers["x-page-cache"], showsDrawing(cached)]).toEqual(["hit", true]);

    await editFlirt((settings) => ({ ...settings, home_design: "new" }));
    const edited = await get("/");
    expect(edited.headers["x-page-cache"]).toBe("miss");
    expect(heroPhotos(edited)).toEqual(members.slice(0, 6));
    expect(canonical(edited)).toBe(`${origin()}/`);
    expect((await get("/")).headers["x-page-cache"]).toBe("hit");

    await editFlirt(({ home_design: _design, ...settings }) => settings);
    expect(showsDrawing(await get("/"))).toBe(true);
  });

  it("sends a signed-in member from either address to the member search", async () => {
    const member = await createMember(server, { siteId: "flirt-nl" });
    const cookie = (await sessionCookie(server, { siteId: "flirt-nl", accountId: member.accountId })).header;
    for (const pathname of ["/", "/index-new-design"]) {
      const response = await get(pathname, { cookie });
      expect([pathname, response.status, response.headers.location]).toEqual([pathname, 302, "/members"]);
    }
  });
});
