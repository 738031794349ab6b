import { describe, expect, it } from "vitest";
import { maskEmail } from "../../server/accounts/email-address";
import { linkOrigin } from "../../server/mail/link-origin";
import { parseSiteFile } from "../../server/sites/load";
import { siteFile } from "../support/site-fixtures";

const site = parseSiteFile("sites/t.json", JSON.stringify(siteFile({ domains: ["testbrand.example", "testbrand-alt.example"] }))).site!;

describe("the origin of links in e-mails", () => {
  it("is the brand's primary domain over https in production, whatever Host and port the request names", () => {
    for (const requestUrl of [
      "http://testbrand.example/reset-password",
      "https://testbrand.example:8443/reset-password",
      "http://testbrand-alt.example/reset-password",
      "http://evil.example/reset-password",
      "http://evil.example:3000/reset-password",
      "http://127.0.0.1:3000/reset-password",
    ]) {
      expect(linkOrigin({ site, production: true, requestUrl: new URL(requestUrl) }), requestUrl).toBe("https://testbrand.example");
    }
  });

  it("is the request's own origin outside production, so local links work", () => {
    expect(linkOrigin({ site, production: false, requestUrl: new URL("http://t.localhost:3000/settings") })).toBe("http://t.localhost:3000");
    expect(linkOrigin({ site, production: false, requestUrl: new URL("https://testbrand.example/settings") })).toBe("https://testbrand.example");
  });
});

describe("a masked e-mail address", () => {
  it("shows enough to recognise it and hides the rest", () => {
    expect(maskEmail("sanne.devries@gmail.com")).toBe("s***@g***.com");
    expect(maskEmail("a@b.nl")).toBe("a***@b***.nl");
    expect(maskEmail("jo@mail.example.co.uk")).toBe("j***@m***.uk");
  });
});
