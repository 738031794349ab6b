import { parse } from "cookie";
import { describe, expect, it } from "vitest";
import { continuesVisit, LANDER_COOKIE, landerCookie, landerFromCookie, landerOfPath, VISIT_GAP_SECONDS } from "../../server/analytics/lander-visits";
import { parseSiteFile } from "../../server/sites/load";
import { siteFile } from "../support/site-fixtures";

const bbwUs = parseSiteFile("sites/bbw-us.json", JSON.stringify(siteFile({ niche: 4, countries: ["US"], locales: { US: ["en", "es"] }, domains: ["curvycrush.example"] }))).site!;

describe("which lander a landed path shows", () => {
  it("names each design with one of the brand's slugs, tinderswipe without one", () => {
    expect(landerOfPath(bbwUs, "/landers/gallery/bbw-eng")).toEqual({ design: "gallery", slug: "bbw-eng" });
    expect(landerOfPath(bbwUs, "/landers/transitionsvideolanding/bbw-es")).toEqual({ design: "transitionsvideolanding", slug: "bbw-es" });
    expect(landerOfPath(bbwUs, "/landers/tinderswipe")).toEqual({ design: "tinderswipe", slug: "" });
  });

  it("names a member's landing pages, the second and third with or without a slug", () => {
    expect(landerOfPath(bbwUs, "/members/12/landing")).toEqual({ design: "member-landing", slug: "" });
    expect(landerOfPath(bbwUs, "/members/12/landing2/bbw-es")).toEqual({ design: "member-landing2", slug: "bbw-es" });
    expect(landerOfPath(bbwUs, "/members/12/landing3")).toEqual({ design: "member-landing3", slug: "" });
  });

  it.each([
    "/landers/gallery",
    "/landers/gallery/",
    "/landers/gallery/milf-eng",
    "/landers/gallery/bbw-de",
    "/landers/gallery/bbw-eng.data",
    "/landers/nope/bbw-eng",
    "/landers/tinderswipe/bbw-eng",
    "/members/12/landing/bbw-eng",
    "/members/12/landing2/nl",
    "/members/abc/landing",
    "/members",
    "/",
  ])("names none for %s", (pathname) => {
    expect(landerOfPath(bbwUs, pathname)).toBeUndefined();
  });
});

describe("the lander cookie", () => {
  const now = 1_790_000_000;
  const valueOf = (header: string) => parse(header.split(";")[0]!)[LANDER_COOKIE];

  it("gives back what it was written with", () => {
    expect(landerFromCookie(valueOf(landerCookie({ design: "gallery", slug: "bbw-eng" }, now)))).toEqual({ design: "gallery", slug: "bbw-eng", atSeconds: now });
    expect(landerFromCookie(valueOf(landerCookie({ design: "tinderswipe", slug: "" }, now)))).toEqual({ design: "tinderswipe", slug: "", atSeconds: now });
    expect(landerCookie({ design: "gallery", slug: "nl" }, now)).toMatch(/Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax/);
  });

  it.each([undefined, "", "gallery/nl", "nope/nl/1790000000", "gallery/<b>/1790000000", "gallery/nl/soon", "gallery/nl/-5", "gallery/nl/1/2"])("reads nothing from %s", (raw) => {
    expect(landerFromCookie(raw)).toBeUndefined();
  });

  it("continues a visit of the same lander within half an hour of its last load, and no other", () => {
    const remembered = { design: "gallery", slug: "nl", atSeconds: now };
    expect(continuesVisit(remembered, { design: "gallery", slug: "nl" }, now + VISIT_GAP_SECONDS - 1)).toBe(true);
    expect(continuesVisit(remembered, { design: "gallery", slug: "nl" }, now + VISIT_GAP_SECONDS)).toBe(false);
    expect(continuesVisit(remembered, { design: "video", slug: "nl" }, now + 1)).toBe(false);
    expect(continuesVisit(remembered, { design: "gallery", slug: "eng" }, now + 1)).toBe(false);
    expect(continuesVisit(remembered, { design: "gallery", slug: "nl" }, now - 60)).toBe(false);
    expect(continuesVisit(undefined, { design: "gallery", slug: "nl" }, now)).toBe(false);
  });
});
