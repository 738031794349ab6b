import { describe, expect, it } from "vitest";
import { signsOut } from "../../app/lib/api";
import { safeRedirect } from "../../app/lib/safe-redirect";
import { suggestEmail } from "../../server/accounts/email-address";
import { trackingFromCookie, trackingFromQuery } from "../../server/accounts/tracking";
import { redactQuery } from "../../server/http/app";

describe("e-mail suggestions", () => {
  it("suggests the intended domain of a common typo", () => {
    expect(suggestEmail("jan@gmial.com")).toBe("jan@gmail.com");
    expect(suggestEmail("Jan@Hotmial.nl")).toBe("jan@hotmail.nl");
    expect(suggestEmail("anna@zigo.nl")).toBe("anna@ziggo.nl");
  });

  it("stays quiet for a correct or unfinished address", () => {
    expect(suggestEmail("jan@gmail.com")).toBeUndefined();
    expect(suggestEmail("jan@")).toBeUndefined();
    expect(suggestEmail("jan")).toBeUndefined();
  });
});

describe("the tracking query (§3)", () => {
  it("maps the aliases onto network, ref and sub1-sub3", () => {
    expect(trackingFromQuery(new URLSearchParams("network=tj&ref=42&aff_sub=a&aff_sub2=b&sub3=c"))).toEqual({
      network: "tj",
      ref: "42",
      sub1: "a",
      sub2: "b",
      sub3: "c",
    });
    expect(trackingFromQuery(new URLSearchParams("sub=x&aff_sub1=y"))).toEqual({ sub1: "x" });
  });

  it("ignores a visit without one, and values that are not plain text", () => {
    expect(trackingFromQuery(new URLSearchParams("utm_source=x"))).toBeUndefined();
    expect(trackingFromQuery(new URLSearchParams("ref=<script>"))).toBeUndefined();
  });

  it("reads back what the cookie kept", () => {
    expect(trackingFromCookie("network=tj&sub1=q")).toEqual({ network: "tj", sub1: "q" });
    expect(trackingFromCookie("%")).toBeUndefined();
    expect(trackingFromCookie(undefined)).toBeUndefined();
  });
});

describe("safe redirects", () => {
  it("allows only paths on this site", () => {
    expect(safeRedirect("/members?page=2")).toBe("/members?page=2");
    expect(safeRedirect("//evil.example", "/members")).toBe("/members");
    expect(safeRedirect("/\\evil.example", "/members")).toBe("/members");
    expect(safeRedirect("https://evil.example")).toBe("/");
    expect(safeRedirect(null)).toBe("/");
  });
});

describe("log lines", () => {
  it("never carry a token, e-mail address or password from a query", () => {
    expect(redactQuery("/reset-password/do?token=abc&x=1&email=a%40b.nl")).toBe("/reset-password/do?token=[redacted]&x=1&email=[redacted]");
    expect(redactQuery("/members?page=2")).toBe("/members?page=2");
  });
});

describe("silent sign-out (§8)", () => {
  const required = { data: "authentication_required" };
  it("signs out on a 403 authentication_required, except for user.php", () => {
    expect(signsOut("/api/signup.php?step=matches", 403, required)).toBe(true);
    expect(signsOut("/api/chats.php", 403, required)).toBe(true);
    expect(signsOut("/api/user.php", 403, required)).toBe(false);
    expect(signsOut("/api/chats.php", 403, { data: "forbidden" })).toBe(false);
    expect(signsOut("/api/chats.php", 500, required)).toBe(false);
  });
});
