import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Site } from "../../server/sites/schema";
import { createMember, sessionCookie } from "../support/accounts";
import { addProfile } from "../support/store-fixtures";
import { requestAs, startTestServer, visitorIp, type TestServer } from "../support/test-server";

/** The search page as a member gets it: its regions, its looking-for choices, what its filters find. */
describe("the search page's choices", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  const siteOf = (siteId: string) => server.sites.byId(siteId) as Site;

  async function searchAs(siteId: string, pathname: string, profile: { gender: "male" | "female"; sexuality: "hetero" | "gay" }) {
    const member = await createMember(server, { siteId, name: "Seeker" });
    await server.store.db.updateTable("profiles").set(profile).where("id", "=", member.profileId).execute();
    const cookie = (await sessionCookie(server, { siteId, accountId: member.accountId })).header;
    const response = await requestAs(server.port, `${siteId}.localhost`, pathname, { "x-forwarded-for": visitorIp(), cookie });
    expect(response.status).toBe(200);
    return response;
  }

  /** The member names on the result cards. */
  const cardNames = (html: string) => [...html.matchAll(/href="\/members\/\d+"[^>]*>([^<,]+)/g)].map((match) => match[1]);

  it("groups the regions by country with values that name the country, and finds only Belgian Limburg in it", async () => {
    const flirt = siteOf("flirt-nl");
    await addProfile(server.store, flirt, { name: "Maastrichtse", country: "NL", region: "LI" });
    await addProfile(server.store, flirt, { name: "Hasseltse", country: "BE", region: "VLI" });
    await addProfile(server.store, flirt, { name: "Antwerpse", country: "BE", region: "VAN" });

    const { body } = await searchAs("flirt-nl", "/members", { gender: "male", sexuality: "hetero" });
    const select = /<select[^>]*name="countryregion"[^>]*>([\s\S]*?)<\/select>/.exec(body)?.[1] ?? "";
    const groups = [...select.matchAll(/<optgroup label="([^"]+)">([\s\S]*?)<\/optgroup>/g)].map(([, label, options]) => ({
      label,
      options: [...(options ?? "").matchAll(/<option value="([^"]+)">([^<]+)</g)].map(([, value, name]) => ({ value, name })),
    }));
    expect(groups.map((group) => group.label)).toEqual(["Nederland", "België"]);
    const values = groups.flatMap((group) => group.options.map((option) => option.value));
    expect(new Set(values).size).toBe(values.length);
    expect(groups[0]?.options).toContainEqual({ value: "NL:LI", name: "Limburg" });
    expect(groups[1]?.options).toContainEqual({ value: "BE:VLI", name: "Limburg" });
    expect(values.every((value) => /^(NL|BE):[A-Z0-9]+$/.test(value ?? ""))).toBe(true);

    const belgian = await searchAs("flirt-nl", "/members?countryregion=BE%3AVLI", { gender: "male", sexuality: "hetero" });
    expect(cardNames(belgian.body)).toEqual(["Hasseltse"]);
    expect(belgian.body).toMatch(/<option value="BE:VLI" selected="">Limburg<\/option>/);
    const dutch = await searchAs("flirt-nl", "/members?countryregion=NL%3ALI", { gender: "male", sexuality: "hetero" });
    expect(cardNames(dutch.body)).toEqual(["Maastrichtse"]);
  });

  it("offers no women on the gay brand, and a hand-made query for women gets men", async () => {
    const gay = siteOf("gay-uk");
    // A straight woman who looks for men: the niche would show her to a man who asked for women.
    await addProfile(server.store, gay, { name: "Wendy", country: "GB", gender: "female", sexuality: "hetero" });
    await addProfile(server.store, gay, { name: "Gareth", country: "GB", gender: "male", sexuality: "gay" });

    const page = await searchAs("gay-uk", "/members", { gender: "male", sexuality: "gay" });
    expect(page.body).not.toMatch(/name="gender"/);
    expect(page.body).not.toContain(">Women<");

    const handMade = await searchAs("gay-uk", "/members?gender=female", { gender: "male", sexuality: "hetero" });
    expect(cardNames(handMade.body)).toContain("Gareth");
    expect(cardNames(handMade.body)).not.toContain("Wendy");
    expect(String(handMade.headers["set-cookie"])).toMatch(/gender%3Dmale/);
  });

  it("offers women and men on the curvy brand, never everyone, and an everyone query gets women", async () => {
    const { body } = await searchAs("bbw-us", "/members?gender=", { gender: "male", sexuality: "hetero" });
    const radios = [...body.matchAll(/<input type="radio" name="gender"[^>]*>/g)].map(([input]) => ({ value: /value="([^"]*)"/.exec(input)?.[1], checked: / checked=/.test(input) }));
    expect(radios).toEqual([
      { value: "female", checked: true },
      { value: "male", checked: false },
    ]);
  });
});
