import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lookUpDiscount, type DiscountMember } from "../../server/promotions/discounts";
import type { Site } from "../../server/sites/schema";
import type { Actor } from "../../server/support/audit";
import { createDiscountCode, listDiscountCodes, parseDiscountCodeForm, setDiscountCodeStatus, type DiscountCodeFormValues, type NewDiscountCode } from "../../server/support/discount-codes";
import { createMember } from "../support/accounts";
import { createStaff, staffCookie } from "../support/staff";
import { CONSOLE_HOST, requestAs, startTestServer, type TestServer } from "../support/test-server";

/**
 * Issue 18 point 1 in the support console: support staff list, create and switch off a brand's
 * discount codes, each change with its audit row; moderators may not; a switched-off code is one
 * members can no longer use.
 */
describe("discount codes in the support console", () => {
  let server: TestServer;
  let site: Site;
  let support: Actor;
  let supportCookie: string;
  let moderatorCookie: string;
  let counter = 0;
  const SITE = "flirt-nl";
  const PAGE = `/brands/${SITE}/discount-codes`;

  beforeAll(async () => {
    server = await startTestServer();
    site = server.sites.byId(SITE) as Site;
    const staff = await createStaff(server, { role: "support" });
    support = { staffId: staff.id, ip: "10.9.8.7" };
    supportCookie = (await staffCookie(server, { staffId: staff.id })).header;
    const moderator = await createStaff(server, { role: "moderator" });
    moderatorCookie = (await staffCookie(server, { staffId: moderator.id })).header;
  });

  afterAll(async () => {
    await server?.stop();
  });

  const db = () => server.store.db;
  const uniqueCode = (label = "SAVE") => `${label}${Date.now().toString(36).toUpperCase()}${(counter += 1)}`;
  /** The last day a code works, `days` from today (UTC). */
  const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const form = (values: Partial<DiscountCodeFormValues> = {}): DiscountCodeFormValues => ({
    code: uniqueCode(),
    percentage: "15",
    minimum: "",
    currency: "",
    country: "",
    member: "",
    expires: dayAhead(30),
    validity: "once_per_user",
    methods: [],
    ...values,
  });

  /** A checked form's code, for the store functions called directly. */
  const inputOf = (values: DiscountCodeFormValues): NewDiscountCode => {
    const parsed = parseDiscountCodeForm(site, values);
    if ("fieldErrors" in parsed) throw new Error(JSON.stringify(parsed.fieldErrors));
    return parsed.input;
  };

  const open = (cookie: string, pathname = PAGE) => requestAs(server.port, `${CONSOLE_HOST}:${server.port}`, pathname, { cookie });
  /** A POST of the page's form, as the browser sends it to the console. */
  const post = (cookie: string, fields: Record<string, string | string[]>, pathname = PAGE) => {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
    return requestAs(server.port, `${CONSOLE_HOST}:${server.port}`, pathname, { cookie, origin: server.consoleOrigin, "content-type": "application/x-www-form-urlencoded" }, { method: "POST", body: body.toString() });
  };
  const stored = (code: string, siteId = SITE) => db().selectFrom("discount_codes").selectAll().where("site_id", "=", siteId).where("code", "=", code).executeTakeFirst();
  const auditOf = async (action: string, code: string) => {
    const rows = await db().selectFrom("staff_audit").select(["staff_id", "site_id", "account_id", "ip", "detail"]).where("action", "=", action).orderBy("id").execute();
    return rows.filter((row) => (row.detail as { code?: string }).code === code);
  };
  const buyerOf = (member: { accountId: number }): DiscountMember => ({ accountId: member.accountId, paidUser: false, signupDate: new Date(Date.now() - 30 * 86_400_000) });
  const look = (member: { accountId: number }, code: string) => lookUpDiscount(db(), { site, member: buyerOf(member), code, country: "NL", currency: "EUR" });
  /** The HTML of a page, with the few entities React writes turned back into text. */
  const textOf = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");

  it("lets support staff open a brand's codes from the brand list, and refuses moderators the page, its form and the link", async () => {
    const page = await open(supportCookie);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Discount codes · FlirtNL");
    expect((await open(supportCookie, "/brands")).body).toContain(`href="${PAGE}"`);
    expect((await open(supportCookie, "/brands/no-such-brand/discount-codes")).status).toBe(404);

    expect((await open(moderatorCookie)).status).toBe(403);
    const code = uniqueCode();
    const forged = await post(moderatorCookie, { intent: "create", ...form({ code }), methods: [] });
    expect(forged.status).toBe(403);
    expect(await stored(code)).toBeUndefined();
    const brands = await open(moderatorCookie, "/brands");
    expect(brands.status).toBe(200);
    expect(brands.body).not.toContain("/discount-codes");
  });

  it("checks every field with a clear message, writing nothing", async () => {
    const errorsOf = (values: Partial<DiscountCodeFormValues>) => {
      const parsed = parseDiscountCodeForm(site, form(values));
      return "fieldErrors" in parsed ? parsed.fieldErrors : {};
    };
    expect(errorsOf({ code: "ab" }).code).toMatch(/3 to 32 letters, digits/);
    expect(errorsOf({ code: "SUMMER 25" }).code).toMatch(/3 to 32 letters, digits/);
    expect(errorsOf({ code: "-SUMMER" }).code).toMatch(/starting with a letter or digit/);
    expect(errorsOf({ percentage: "0" }).percentage).toMatch(/above 0 and below 100/);
    expect(errorsOf({ percentage: "100" }).percentage).toMatch(/above 0 and below 100/);
    expect(errorsOf({ percentage: "12.345" }).percentage).toMatch(/at most 2 decimals/);
    expect(errorsOf({ percentage: "ten" }).percentage).toMatch(/above 0 and below 100/);
    expect(errorsOf({ minimum: "-5" }).minimum).toMatch(/amount above 0/);
    expect(errorsOf({ minimum: "19.95" }).currency).toBe("Choose the currency the minimum order value is in.");
    expect(errorsOf({ currency: "USD" }).currency).toBe("Choose one of the brand's currencies: EUR.");
    expect(errorsOf({ country: "DE" }).country).toBe("Choose one of the brand's countries: NL, BE.");
    expect(errorsOf({ member: "not an address" }).member).toMatch(/profile id \(digits\) or e-mail address/);
    expect(errorsOf({ expires: "2020-01-01" }).expires).toMatch(/this date has passed/);
    expect(errorsOf({ expires: "2031-02-30" }).expires).toMatch(/last day the code works/);
    expect(errorsOf({ expires: "" }).expires).toMatch(/last day the code works/);
    expect(errorsOf({ expires: dayAhead(366 * 6) }).expires).toMatch(/within the next 5 years/);
    expect(errorsOf({ validity: "forever" }).validity).toBe("Choose once per member or unlimited.");
    expect(errorsOf({ methods: ["cash"] }).methods).toMatch(/cash is not a payment method/);
    // A country's own currency: Swiss members pay in CHF.
    const milf = server.sites.byId("milf-de") as Site;
    expect(parseDiscountCodeForm(milf, form({ country: "CH", currency: "EUR" }))).toEqual({ fieldErrors: { currency: "Members in CH pay in CHF: a code in EUR could never be used there." } });
    expect(parseDiscountCodeForm(milf, form({ country: "CH", currency: "CHF" }))).toHaveProperty("input");
    // Today is still good: the code works to the end of the day.
    expect(errorsOf({ expires: dayAhead(0) })).toEqual({});

    const good = parseDiscountCodeForm(site, form({ code: " spring-10 ", percentage: "12,5", minimum: "19.95", currency: "EUR", country: "BE", methods: ["bancontact", "bancontact"] }));
    expect(good).toMatchObject({ input: { code: "SPRING-10", percentage: 12.5, minimumOrderValue: 1995, currency: "EUR", country: "BE", paymentMethods: ["bancontact"] } });

    // Through the console: every message shows beside its field, and nothing is stored.
    const code = uniqueCode();
    const answer = await post(supportCookie, { intent: "create", ...form({ code, percentage: "150", country: "US", expires: "yesterday" }) });
    expect(answer.status).toBe(400);
    const shown = textOf(answer.body);
    expect(shown).toContain("Give a percentage above 0 and below 100");
    expect(shown).toContain("Choose one of the brand's countries: NL, BE.");
    expect(shown).toContain("Give the last day the code works");
    expect(await stored(code)).toBeUndefined();

    const nobody = await post(supportCookie, { intent: "create", ...form({ code, member: "nobody.here@example.com" }) });
    expect(nobody.status).toBe(400);
    expect(textOf(nobody.body)).toContain("No member of FlirtNL has this profile id or e-mail address.");
    expect(await stored(code)).toBeUndefined();
  });

  it("creates a code typed in any case, with its audit row, and refuses the same code again on that brand only", async () => {
    const code = uniqueCode("SUMMER");
    const lastDay = dayAhead(30);
    const created = await post(supportCookie, { intent: "create", ...form({ code: code.toLowerCase(), expires: lastDay, percentage: "20", minimum: "9,95", currency: "EUR", country: "NL", validity: "unlimited", methods: ["ideal", "creditcard"] }) });
    expect(created.status).toBe(200);
    expect(created.body).toContain(`${code} is created and works from now on.`);
    const row = await stored(code);
    expect(row).toMatchObject({ percentage: "20.00", minimum_order_value: 995, currency: "EUR", country: "NL", account_id: null, status: "active", validity: "unlimited", payment_methods: ["ideal", "creditcard"] });
    // Good through the whole of its last day (UTC).
    expect(row?.expires_at?.getTime()).toBe(Date.parse(`${lastDay}T00:00:00Z`) + 86_400_000);

    const audit = await auditOf("discount_code.create", code);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staff_id: support.staffId, site_id: SITE, account_id: null, detail: { id: row?.id, code, percentage: 20, minimumOrderValue: 995, currency: "EUR", country: "NL", validity: "unlimited", paymentMethods: ["ideal", "creditcard"] } });

    const again = await post(supportCookie, { intent: "create", ...form({ code: ` ${code} ` }) });
    expect(again.status).toBe(409);
    expect(textOf(again.body)).toContain(`${code} already exists for FlirtNL`);
    expect(await auditOf("discount_code.create", code)).toHaveLength(1);

    // Another brand has codes of its own.
    const elsewhere = await createDiscountCode({ db: db(), actor: support, siteId: "gay-uk", input: inputOf(form({ code })) });
    expect(elsewhere.status).toBe("created");
    expect(await stored(code, "gay-uk")).toBeDefined();
  });

  it("refuses the product's own offer codes and the prefix of the account-deletion offer", async () => {
    for (const reserved of ["TIMEBONUS25", "welcome25"]) {
      const answer = await post(supportCookie, { intent: "create", ...form({ code: reserved }) });
      expect(answer.status, reserved).toBe(400);
      expect(textOf(answer.body)).toContain(`${reserved.toUpperCase()} is the product's own offer code`);
      expect(await stored(reserved.toUpperCase())).toBeUndefined();
    }
    const retention = parseDiscountCodeForm(site, form({ code: "STAY-ABCDEFGH" }));
    expect(retention).toEqual({ fieldErrors: { code: "Codes starting with STAY- are made by the account-deletion offer; choose another." } });
  });

  it("makes a code for one member, found by e-mail or profile id, that nobody else can use", async () => {
    const member = await createMember(server, { siteId: SITE });
    const other = await createMember(server, { siteId: SITE });
    const stranger = await createMember(server, { siteId: "gay-uk" });

    const byEmail = uniqueCode("SORRY");
    expect((await post(supportCookie, { intent: "create", ...form({ code: byEmail, member: member.email.toUpperCase() }) })).status).toBe(200);
    expect((await stored(byEmail))?.account_id).toBe(member.accountId);
    expect(await auditOf("discount_code.create", byEmail)).toEqual([expect.objectContaining({ account_id: member.accountId })]);

    const byProfile = uniqueCode("SORRY");
    expect((await post(supportCookie, { intent: "create", ...form({ code: byProfile, member: String(member.profileId) }) })).status).toBe(200);
    expect((await stored(byProfile))?.account_id).toBe(member.accountId);

    expect(await look(member, byEmail)).toMatchObject({ discount: { code: byEmail, percentage: 15, personal: true } });
    expect(await look(other, byEmail)).toEqual({ refusal: "not_found" });

    // Another brand's member is nobody here.
    const foreign = await post(supportCookie, { intent: "create", ...form({ member: stranger.email }) });
    expect(foreign.status).toBe(400);
    expect(textOf(foreign.body)).toContain("No member of FlirtNL has this profile id or e-mail address.");
  });

  it("switches a code off, so members are told it does not exist, and on again, auditing each change once", async () => {
    const member = await createMember(server, { siteId: SITE });
    const code = uniqueCode("OFF");
    await post(supportCookie, { intent: "create", ...form({ code, percentage: "30" }) });
    const id = String((await stored(code))?.id);
    expect(await look(member, code)).toMatchObject({ discount: { code, percentage: 30 } });

    const off = await post(supportCookie, { intent: "disable", id });
    expect(off.status).toBe(200);
    expect(off.body).toContain(`${code} is switched off`);
    expect((await stored(code))?.status).toBe("disabled");
    expect(await look(member, code)).toEqual({ refusal: "not_found" });
    expect(await auditOf("discount_code.disable", code)).toEqual([expect.objectContaining({ staff_id: support.staffId, site_id: SITE, detail: { id: Number(id), code } })]);

    // A second click changes nothing and records nothing.
    expect((await post(supportCookie, { intent: "disable", id })).body).toContain(`${code} was switched off already.`);
    expect(await auditOf("discount_code.disable", code)).toHaveLength(1);

    expect((await post(supportCookie, { intent: "enable", id })).status).toBe(200);
    expect(await look(member, code)).toMatchObject({ discount: { code } });
    expect(await auditOf("discount_code.enable", code)).toHaveLength(1);

    // Another brand's code, an unknown id and a forged intent are refused.
    const foreign = uniqueCode("UK");
    await createDiscountCode({ db: db(), actor: support, siteId: "gay-uk", input: inputOf(form({ code: foreign })) });
    expect((await post(supportCookie, { intent: "disable", id: String((await stored(foreign, "gay-uk"))?.id) })).status).toBe(404);
    expect((await stored(foreign, "gay-uk"))?.status).toBe("active");
    expect((await post(supportCookie, { intent: "disable", id: "nonsense" })).status).toBe(404);
    expect((await post(supportCookie, { intent: "delete", id })).status).toBe(400);
    expect((await post(moderatorCookie, { intent: "disable", id })).status).toBe(403);
    expect((await stored(code))?.status).toBe("active");
  });

  it("writes neither the code nor its change when the audit row cannot be written", async () => {
    // A staff account that does not exist: its audit row fails the foreign key.
    const ghost: Actor = { staffId: 987_654_321, ip: "10.0.0.1" };
    const code = uniqueCode("GHOST");
    const input = inputOf(form({ code }));
    await expect(createDiscountCode({ db: db(), actor: ghost, siteId: SITE, input })).rejects.toThrow();
    expect(await stored(code)).toBeUndefined();

    await createDiscountCode({ db: db(), actor: support, siteId: SITE, input });
    const id = (await stored(code))!.id;
    await expect(setDiscountCodeStatus({ db: db(), actor: ghost, siteId: SITE, id, status: "disabled" })).rejects.toThrow();
    expect((await stored(code))?.status).toBe("active");
  });

  it("lists each code with its paid payments and the uses open payments hold", async () => {
    const member = await createMember(server, { siteId: SITE });
    const code = uniqueCode("COUNT");
    await post(supportCookie, { intent: "create", ...form({ code }) });
    const payment = (status: "paid" | "open", paidAt: Date | null) =>
      db()
        .insertInto("payments")
        .values({
          site_id: SITE,
          account_id: member.accountId,
          package: "p1",
          credits: 120,
          amount: 1696,
          currency: "EUR",
          method: "ideal",
          provider: "test",
          order_key: `discount-list-${Date.now().toString(36)}-${(counter += 1)}`,
          expires_at: new Date(Date.now() + 3_600_000),
          status,
          paid_at: paidAt,
          discount_code: code,
          discount_percentage: 15,
          amount_before_discount: 1995,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    const paid = await payment("paid", new Date());
    await db().insertInto("discount_uses").values({ payment_id: paid.id, account_id: member.accountId, code, state: "used" }).execute();
    const other = await createMember(server, { siteId: SITE });
    const underWay = await payment("open", null);
    await db().updateTable("payments").set({ account_id: other.accountId }).where("id", "=", underWay.id).execute();
    await db().insertInto("discount_uses").values({ payment_id: underWay.id, account_id: other.accountId, code, state: "held" }).execute();

    const { codes } = await listDiscountCodes(db(), SITE);
    expect(codes.find((row) => row.code === code)).toMatchObject({ paidPayments: 1, heldByOpenPayments: 1, percentage: 15, status: "active" });
    const page = textOf((await open(supportCookie)).body);
    expect(page).toContain(code);
    expect(page).toContain("1 in open payments");
  });

  it("refuses another site's form and an oversized body before the page's action, writing nothing", async () => {
    const values = form();
    const fields = new URLSearchParams({ intent: "create", ...values, methods: "" }).toString();
    const send = (headers: Record<string, string>, body: string) =>
      requestAs(server.port, `${CONSOLE_HOST}:${server.port}`, PAGE, { cookie: supportCookie, "content-type": "application/x-www-form-urlencoded", ...headers }, { method: "POST", body });
    expect((await send({ origin: "https://attacker.example" }, fields)).status).toBe(403);
    const tooBig = await send({ origin: server.consoleOrigin }, `${fields}&padding=${"a".repeat(2 * 1024 * 1024)}`);
    expect(tooBig.status).toBe(413);
    expect(await stored(values.code)).toBeUndefined();
    expect(await auditOf("discount_code.create", values.code)).toEqual([]);
  });
});
