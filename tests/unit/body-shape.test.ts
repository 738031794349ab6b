import { describe, expect, it } from "vitest";
import { bodyKind, FIELD_LIMITS } from "../../server/http/body-limits";
import { jsonProblem, multipartBoundary, multipartProblem, urlEncodedProblem } from "../../server/http/body-shape";

const limits = { maxFields: 3, maxValueBytes: 10 };
const bytes = (text: string) => Buffer.from(text);

async function encoded(form: FormData) {
  const response = new Response(form);
  return { body: Buffer.from(await response.arrayBuffer()), boundary: multipartBoundary(response.headers.get("content-type") ?? "")! };
}

describe("body kinds", () => {
  it.each([
    ["/login", "application/x-www-form-urlencoded", "form"],
    ["/login", " Application/X-WWW-Form-Urlencoded ; charset=UTF-8", "form"],
    ["/api/user.php", "application/json", "json"],
    ["/api/user.php", "application/merge-patch+json", "json"],
    ["/login", "multipart/form-data; boundary=x", "multipart"],
    ["/profile", "multipart/form-data; boundary=x", "photo"],
    ["/profile.data", "multipart/form-data; boundary=x", "photo"],
    ["/chats/12", "multipart/form-data; boundary=x", "photo"],
    ["/members/5/chat", "multipart/form-data; boundary=x", "photo"],
    ["/api/chat.php", "multipart/form-data; boundary=x", "photo"],
    ["/members/5", "multipart/form-data; boundary=x", "multipart"],
    ["/api/user.php", "text/plain", "other"],
    ["/api/user.php", "", "other"],
  ])("%s with %j is %s", (pathname, type, kind) => {
    expect(bodyKind(pathname, type)).toBe(kind);
  });

  it("sizes the value limit from the longest text a member may send", () => {
    // 4,000 characters of a chat message, four UTF-8 bytes at most each.
    expect(FIELD_LIMITS.maxValueBytes).toBe(16_000);
  });
});

describe("url-encoded forms", () => {
  it("counts every separator, empty pairs too", () => {
    expect(urlEncodedProblem(bytes("a=1&b=2&c=3"), limits)).toBeUndefined();
    expect(urlEncodedProblem(bytes("a=1&b=2&c=3&d=4"), limits)).toBe("too_many_fields");
    expect(urlEncodedProblem(bytes("a=1&&&"), limits)).toBe("too_many_fields");
    expect(urlEncodedProblem(bytes(""), limits)).toBeUndefined();
  });

  it("measures a pair as decoded bytes: an escape is one byte", () => {
    expect(urlEncodedProblem(bytes("n=%C3%A9%C3%A9%C3%A9"), limits)).toBeUndefined(); // n=ééé: 8 bytes
    expect(urlEncodedProblem(bytes("n=12345678&b=2"), limits)).toBeUndefined();
    expect(urlEncodedProblem(bytes("a=1&n=123456789"), limits)).toBe("value_too_long");
  });
});

describe("multipart forms", () => {
  it("counts parts, wherever the boundary is", async () => {
    const form = new FormData();
    for (const name of ["a", "b", "c"]) form.append(name, "x");
    const ok = await encoded(form);
    expect(multipartProblem(ok.body, ok.boundary, { ...limits, maxFileBytes: 0 })).toBeUndefined();
    form.append("d", "x");
    const many = await encoded(form);
    expect(multipartProblem(many.body, many.boundary, { ...limits, maxFileBytes: 0 })).toBe("too_many_fields");
    // A preamble before the first delimiter and an epilogue after the last are no parts.
    const framed = Buffer.concat([bytes("preamble\r\n"), ok.body, bytes(`\r\n--${ok.boundary}\r\n\r\nepilogue`)]);
    expect(multipartProblem(framed, ok.boundary, { ...limits, maxFileBytes: 0 })).toBeUndefined();
  });

  it("holds text parts to the value limit and file parts to the file limit", async () => {
    const text = new FormData();
    text.append("about", "x".repeat(11));
    const long = await encoded(text);
    expect(multipartProblem(long.body, long.boundary, { ...limits, maxFileBytes: 1_000 })).toBe("value_too_long");

    const file = new FormData();
    file.append("photo", new File([Buffer.alloc(500)], "me.jpg"));
    const photo = await encoded(file);
    expect(multipartProblem(photo.body, photo.boundary, { ...limits, maxFileBytes: 1_000 })).toBeUndefined();
    expect(multipartProblem(photo.body, photo.boundary, { ...limits, maxFileBytes: 0 })).toBe("value_too_long");
  });

  it("reads quoted and plain boundaries", () => {
    expect(multipartBoundary('multipart/form-data; boundary="a b"')).toBe("a b");
    expect(multipartBoundary("multipart/form-data;boundary=----x1")).toBe("----x1");
    expect(multipartBoundary("multipart/form-data")).toBeUndefined();
  });
});

describe("JSON", () => {
  it("counts values at any depth and measures strings and keys", () => {
    expect(jsonProblem(bytes('{"a":1,"b":[2]}'), limits)).toBeUndefined();
    expect(jsonProblem(bytes('{"a":1,"b":[2,3]}'), limits)).toBe("too_many_fields");
    expect(jsonProblem(bytes('{"a":"12345678901"}'), limits)).toBe("value_too_long");
    expect(jsonProblem(bytes(`{"${"k".repeat(11)}":1}`), limits)).toBe("value_too_long");
  });

  it("leaves a body that is not JSON to the route", () => {
    expect(jsonProblem(bytes("{not json"), limits)).toBeUndefined();
  });
});
