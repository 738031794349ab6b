import { sql, type Kysely } from "kysely";
import { z } from "zod";
import type { Database, DiscountValidity } from "../db/schema";
import { isCodeShape } from "../promotions/discounts";
import { OFFER_CODES, RETENTION_CODE_PREFIX } from "../promotions/offers";
import { PAYMENT_METHODS, type PaymentMethod } from "../sites/payments";
import type { Site } from "../sites/schema";
import { recordAudit, type Actor } from "./audit";

/**
 * A brand's discount codes as support staff manage them in the console: the list with how often
 * each was used, a new code from the console's form, and switching a code off and on. Every change
 * is written with its audit row in one transaction. Members redeem codes through
 * server/promotions/discounts.ts, which reads what is written here.
 */

export { RETENTION_CODE_PREFIX };

export const DISCOUNT_VALIDITIES = ["once_per_user", "unlimited"] as const satisfies readonly DiscountValidity[];


/** The newest codes shown on a brand's page. */
export const LIST_LIMIT = 200;

/** How far ahead an expiry date may be: a code is a promotion, not a standing price. */
export const EXPIRY_YEARS_MAX = 5;

export type DiscountCodeListing = {
  id: number;
  code: string;
  percentage: number;
  minimumOrderValue: number | null;
  currency: string | null;
  country: string | null;
  accountId: number | null;
  expiresAt: Date | null;
  status: "active" | "disabled";
  validity: DiscountValidity;
  paymentMethods: string[];
  createdAt: Date;
  /** Payments paid with the code (refunded ones included: the discount was given). */
  paidPayments: number;
  /** Once-per-member uses held by payments still under way. */
  heldByOpenPayments: number;
};

/**
 * The brand's codes, newest first (at most LIST_LIMIT), without the one-member codes the
 * account-deletion offer makes by itself; `retentionCodes` counts those.
 */
export async function listDiscountCodes(db: Kysely<Database>, siteId: string): Promise<{ codes: DiscountCodeListing[]; retentionCodes: number }> {
  const retentionPattern = `${RETENTION_CODE_PREFIX}%`;
  const rows = await db
    .selectFrom("discount_codes as dc")
    .select([
      "dc.id",
      "dc.code",
      "dc.percentage",
      "dc.minimum_order_value",
      "dc.currency",
      "dc.country",
      "dc.account_id",
      "dc.expires_at",
      "dc.status",
      "dc.validity",
      "dc.payment_methods",
      "dc.created_at",
    ])
    .select((eb) => [
      eb
        .selectFrom("payments")
        .select(sql<number>`count(*)::int`.as("n"))
        .whereRef("payments.site_id", "=", "dc.site_id")
        .whereRef("payments.discount_code", "=", "dc.code")
        .where("payments.paid_at", "is not", null)
        .as("paid_payments"),
      eb
        .selectFrom("discount_uses")
        .innerJoin("payments", "payments.id", "discount_uses.payment_id")
        .select(sql<number>`count(*)::int`.as("n"))
        .whereRef("payments.site_id", "=", "dc.site_id")
        .whereRef("discount_uses.code", "=", "dc.code")
        .where("discount_uses.state", "=", "held")
        .as("held_uses"),
    ])
    .where("dc.site_id", "=", siteId)
    .where("dc.code", "not like", retentionPattern)
    .orderBy("dc.id", "desc")
    .limit(LIST_LIMIT)
    .execute();
  const retention = await db
    .selectFrom("discount_codes")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("site_id", "=", siteId)
    .where("code", "like", retentionPattern)
    .executeTakeFirstOrThrow();
  return {
    codes: rows.map((row) => ({
      id: row.id,
      code: row.code,
      percentage: Number(row.percentage),
      minimumOrderValue: row.minimum_order_value,
      currency: row.currency,
      country: row.country,
      accountId: row.account_id,
      expiresAt: row.expires_at,
      status: row.status,
      validity: row.validity,
      paymentMethods: row.payment_methods,
      createdAt: row.created_at,
      paidPayments: Number(row.paid_payments ?? 0),
      heldByOpenPayments: Number(row.held_uses ?? 0),
    })),
    retentionCodes: Number(retention.n),
  };
}

/** The currencies the brand sells in, each once, in the order of its countries. */
export const brandCurrencies = (site: Pick<Site, "countries" | "currencies">): string[] => [...new Set(site.countries.map((country) => site.currencies[country]).filter((currency): currency is string => Boolean(currency)))];

export type DiscountCodeField = "code" | "percentage" | "minimum" | "currency" | "country" | "member" | "expires" | "validity" | "methods";

/** The create form as sent: each field's text, and the ticked payment methods. */
export type DiscountCodeFormValues = Record<Exclude<DiscountCodeField, "methods">, string> & { methods: string[] };

export type NewDiscountCode = {
  code: string;
  percentage: number;
  minimumOrderValue: number | null;
  currency: string | null;
  country: string | null;
  /** A profile id or an e-mail address of a member of the brand, found when the code is stored. */
  member: string | null;
  expiresAt: Date;
  validity: DiscountValidity;
  paymentMethods: PaymentMethod[];
};

const DAY_MS = 86_400_000;
/** A field left empty: an optional setting not given. */
const isEmpty = (value: string) => value === "";

/** The same day EXPIRY_YEARS_MAX years on (UTC): no code may work beyond it. */
const latestExpiry = (now: Date) => new Date(Date.UTC(now.getUTCFullYear() + EXPIRY_YEARS_MAX, now.getUTCMonth(), now.getUTCDate()));

/** The form's rules for one brand, with the message a support agent reads beside each field. */
function formSchema(site: Site, now: Date) {
  const currencies = brandCurrencies(site);
  const countries: string[] = site.countries;
  return z.object({
    code: z
      .string()
      .transform((value) => value.trim().toUpperCase())
      .refine(isCodeShape, { error: "Use 3 to 32 letters, digits, - or _, starting with a letter or digit, such as SUMMER25.", abort: true })
      .refine((code) => !OFFER_CODES.includes(code), { error: (issue) => `${String(issue.input)} is the product's own offer code and cannot be a brand's code; choose another.`, abort: true })
      .refine((code) => !code.startsWith(RETENTION_CODE_PREFIX), { error: `Codes starting with ${RETENTION_CODE_PREFIX} are made by the account-deletion offer; choose another.` }),
    percentage: z
      .string()
      .transform((value) => value.trim().replace(",", "."))
      .refine((value) => /^\d{1,2}(\.\d{1,2})?$/.test(value) && Number(value) > 0, { error: "Give a percentage above 0 and below 100, with at most 2 decimals, such as 15 or 12.5." })
      .transform(Number),
    minimum: z
      .string()
      .transform((value) => value.trim().replace(",", "."))
      .refine((value) => isEmpty(value) || (/^\d{1,7}(\.\d{1,2})?$/.test(value) && Number(value) > 0), { error: "Give an amount above 0 with at most 2 decimals, such as 19.95, or leave it empty." })
      .transform((value) => (isEmpty(value) ? null : Math.round(Number(value) * 100))),
    currency: z
      .string()
      .refine((value) => isEmpty(value) || currencies.includes(value), { error: `Choose one of the brand's currencies: ${currencies.join(", ")}.` })
      .transform((value) => (isEmpty(value) ? null : value)),
    country: z
      .string()
      .refine((value) => isEmpty(value) || countries.includes(value), { error: `Choose one of the brand's countries: ${countries.join(", ")}.` })
      .transform((value) => (isEmpty(value) ? null : value)),
    member: z
      .string()
      .transform((value) => value.trim())
      .refine((value) => isEmpty(value) || /^\d{1,16}$/.test(value) || (value.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(value)), { error: "Give the member's profile id (digits) or e-mail address, or leave it empty for everyone." })
      .transform((value) => (isEmpty(value) ? null : value)),
    expires: z
      .string()
      .transform((value) => value.trim())
      .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
        error: "Give the last day the code works, such as 2030-12-31.",
        abort: true,
      })
      // Good through the whole of its last day (UTC), as staff in every country read it.
      .transform((value) => new Date(Date.parse(`${value}T00:00:00Z`) + DAY_MS))
      .refine((endsAt) => endsAt > now, { error: "Choose today or a later day: this date has passed.", abort: true })
      .refine((endsAt) => endsAt <= latestExpiry(now), { error: `Choose a day within the next ${EXPIRY_YEARS_MAX} years.` }),
    validity: z.enum(DISCOUNT_VALIDITIES, { error: "Choose once per member or unlimited." }),
    methods: z
      .array(z.enum(PAYMENT_METHODS, { error: (issue) => `${String(issue.input)} is not a payment method; tick methods from the list.` }))
      .transform((methods) => [...new Set(methods)]),
  });
}

/**
 * Checks the create form for a brand. A code is stored upper-case, as members' typing is read; a
 * minimum order value is an amount of one currency, so it needs that currency; a code for one
 * country in another country's currency could never be used.
 */
export function parseDiscountCodeForm(site: Site, values: DiscountCodeFormValues, now = new Date()): { input: NewDiscountCode } | { fieldErrors: Partial<Record<DiscountCodeField, string>> } {
  const parsed = formSchema(site, now).safeParse(values);
  const fieldErrors: Partial<Record<DiscountCodeField, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as DiscountCodeField;
      fieldErrors[field] ??= issue.message;
    }
    return { fieldErrors };
  }
  const form = parsed.data;
  if (form.minimum !== null && form.currency === null) fieldErrors.currency = "Choose the currency the minimum order value is in.";
  const countryCurrency = form.country ? site.currencies[form.country as keyof Site["currencies"]] : undefined;
  if (form.currency && countryCurrency && form.currency !== countryCurrency) {
    fieldErrors.currency = `Members in ${form.country} pay in ${countryCurrency}: a code in ${form.currency} could never be used there.`;
  }
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors };
  return {
    input: {
      code: form.code,
      percentage: form.percentage,
      minimumOrderValue: form.minimum,
      currency: form.currency,
      country: form.country,
      member: form.member,
      expiresAt: form.expires,
      validity: form.validity,
      paymentMethods: form.methods,
    },
  };
}

export type Created = { status: "created"; id: number; code: string } | { status: "exists" } | { status: "member_not_found" } | { status: "member_deleted" };

/**
 * Stores a checked code for the brand with its audit row, in one transaction. The unique
 * (site_id, code) decides between two agents creating the same code at once: the second is told
 * it exists, and nothing of theirs is written.
 */
export async function createDiscountCode({ db, actor, siteId, input }: { db: Kysely<Database>; actor: Actor; siteId: string; input: NewDiscountCode }): Promise<Created> {
  return db.transaction().execute(async (tx) => {
    let accountId: number | null = null;
    if (input.member !== null) {
      const lookUp = tx.selectFrom("accounts").leftJoin("profiles", "profiles.account_id", "accounts.id").select(["accounts.id", "accounts.status"]).where("accounts.site_id", "=", siteId);
      const member = await (/^\d+$/.test(input.member) ? lookUp.where("profiles.id", "=", Number(input.member)) : lookUp.where("accounts.email", "=", input.member.toLowerCase())).executeTakeFirst();
      if (!member) return { status: "member_not_found" as const };
      if (member.status === "deleted") return { status: "member_deleted" as const };
      accountId = member.id;
    }
    const created = await tx
      .insertInto("discount_codes")
      .values({
        site_id: siteId,
        code: input.code,
        percentage: input.percentage,
        minimum_order_value: input.minimumOrderValue,
        currency: input.currency,
        country: input.country,
        account_id: accountId,
        expires_at: input.expiresAt,
        validity: input.validity,
        payment_methods: input.paymentMethods,
      })
      .onConflict((conflict) => conflict.columns(["site_id", "code"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!created) return { status: "exists" as const };
    await recordAudit(tx, actor, {
      action: "discount_code.create",
      siteId,
      accountId,
      detail: {
        id: created.id,
        code: input.code,
        percentage: input.percentage,
        minimumOrderValue: input.minimumOrderValue,
        currency: input.currency,
        country: input.country,
        expiresAt: input.expiresAt.toISOString(),
        validity: input.validity,
        paymentMethods: input.paymentMethods,
      },
    });
    return { status: "created" as const, id: created.id, code: input.code };
  });
}

export type StatusChanged = { status: "done" | "unchanged"; code: string } | { status: "not_found" };

/**
 * Switches a code of the brand off (members typing it are told it does not exist) or on again,
 * with its audit row. A code already in that state is left alone and no row is written, so a
 * repeated click records one change.
 */
export async function setDiscountCodeStatus({ db, actor, siteId, id, status }: { db: Kysely<Database>; actor: Actor; siteId: string; id: number; status: "active" | "disabled" }): Promise<StatusChanged> {
  return db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom("discount_codes").select(["code", "status", "account_id"]).where("id", "=", id).where("site_id", "=", siteId).forUpdate().executeTakeFirst();
    if (!row) return { status: "not_found" as const };
    if (row.status === status) return { status: "unchanged" as const, code: row.code };
    await tx.updateTable("discount_codes").set({ status }).where("id", "=", id).execute();
    await recordAudit(tx, actor, { action: status === "disabled" ? "discount_code.disable" : "discount_code.enable", siteId, accountId: row.account_id, detail: { id, code: row.code } });
    return { status: "done" as const, code: row.code };
  });
}
