import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../support/accounts";
import { text } from "../support/catalog";
import { freshDatabaseUrl } from "../support/databases";
import { requestAs, startTestServer, visitorIp, type TestServer } from "../support/test-server";

/** "I am a … looking for a …" through the real signup routes, with and without JavaScript (decision 027). */
describe("signup: who you are and whom you look for", () => {
  let server: TestServer;
  let drop: () => Promise<void>;

  const FORM = "application/x-www-form-urlencoded";
  const post = (siteId: string, pathname: string, fields: Record<string, string>) =>
    requestAs(
      server.port,
      `${siteId}.localhost:${server.port}`,
      pathname,
      { "content-type": FORM, origin: server.origin(siteId), "x-forwarded-for": visitorIp() },
      { method: "POST", body: new URLSearchParams(fields).toString() },
    );
  const form = (fields: Record<string, string>) => ({
    email: uniqueEmail("choice"),
    name: "Robin",
    date_of_birth: "1988-08-08",
    password: "a good password",
    special_consent: "on",
    ...fields,
  });
  const labelsOf = (email: string) =>
    server.store.db
      .selectFrom("profiles")
      .innerJoin("accounts", "accounts.id", "profiles.account_id")
      .select(["profiles.gender", "profiles.sexuality"])
      .where("accounts.email", "=", email)
      .executeTakeFirst();

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    server = await startTestServer({ databaseUrl: database.url });
  });

  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  it("stores the answer as the profile's gender and sexuality, without JavaScript", async () => {
    const fields = form({ gender: "female", looking_for: "both" });
    const response = await post("flirt-nl", "/signup", fields);
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("/complete-signup");
    expect(await labelsOf(fields.email)).toEqual({ gender: "female", sexuality: "bi" });
  });

  it("refuses a pair the brand is not for, with the reason in the visitor's language, and creates nothing", async () => {
    const onGay = form({ gender: "male", looking_for: "women" });
    const gay = await post("gay-uk", "/signup", onGay);
    expect(gay.status).toBe(200);
    expect(gay.body).toContain(text("en", "account:signup.lookingForNotHere.men", { name: "HimMatch" }));
    expect(await labelsOf(onGay.email)).toBeUndefined();

    const onMilf = form({ gender: "male", looking_for: "men" });
    const milf = await post("milf-de", "/signup", onMilf);
    expect(milf.body).toContain(text("de", "account:signup.lookingForNotHere.women", { name: "Reife Liebe" }));
    expect(await labelsOf(onMilf.email)).toBeUndefined();
  });

  it("asks for both answers, in Dutch on the Dutch brand", async () => {
    const missing = form({});
    const response = await post("flirt-nl", "/signup", missing);
    expect(response.body).toContain(text("nl", "account:signup.genderRequired"));
    expect(response.body).toContain(text("nl", "account:signup.lookingForRequired"));
    const bogus = await post("flirt-nl", "/signup", form({ gender: "robot", looking_for: "men" }));
    expect(bogus.body).toContain(text("nl", "account:signup.genderRequired"));
    expect(await labelsOf(missing.email)).toBeUndefined();
  });

  it("refuses the pair in the check step the signup form calls, before any account exists", async () => {
    const fields = form({ gender: "female", looking_for: "men" });
    const response = await post("gay-uk", "/api/signup.php?step=check", fields);
    const answer = JSON.parse(response.body) as { status: string; result: { error: Record<string, string[]> } };
    expect(answer.status).toBe("error");
    expect(answer.result.error.looking_for).toEqual(["account:signup.lookingForNotHere.men"]);
  });

  it("leads back to where the visitor was after a signup with a reason, and only to a page of this site", async () => {
    const back = await post("flirt-nl", "/signup", { ...form({ gender: "male", looking_for: "women" }), redirectTo: "/members/12?page=2" });
    expect(back.headers.location).toBe("/complete-signup?redirectTo=%2Fmembers%2F12%3Fpage%3D2");
    const away = await post("flirt-nl", "/signup", { ...form({ gender: "male", looking_for: "women" }), redirectTo: "//evil.example/x" });
    expect(away.headers.location).toBe("/complete-signup");
  });
});
