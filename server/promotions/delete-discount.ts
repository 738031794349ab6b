import { randomInt } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { Site } from "../sites/schema";
import { RETENTION_CODE_PREFIX } from "./offers";

/** How long a member keeps the code they were offered for staying. */
export const DELETE_DISCOUNT_DAYS = 30;
// No 0/O or 1/I: a member may type it from an e-mail.
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export type DeleteDiscountOffer = { code: string; percentage: number; expiresAt: Date };

/**
 * The retention offer of the account-deletion flow (§1): the brand's delete_discount as a code of
 * the member's own, good once, for DELETE_DISCOUNT_DAYS. Asking again while one is still good
 * answers the same code; a brand with delete_discount 0 offers none.
 */
export async function offerDeleteDiscount(db: Kysely<Database>, { site, accountId, now = new Date() }: { site: Pick<Site, "id" | "delete_discount">; accountId: number; now?: Date }): Promise<DeleteDiscountOffer | undefined> {
  if (site.delete_discount <= 0) return undefined;
  return db.transaction().execute(async (tx) => {
    // The member's row lock makes two tabs asking at once get one code.
    await tx.selectFrom("accounts").select("id").where("id", "=", accountId).where("site_id", "=", site.id).forUpdate().executeTakeFirstOrThrow();
    const existing = await tx
      .selectFrom("discount_codes")
      .leftJoin("discount_uses", (join) => join.onRef("discount_uses.code", "=", "discount_codes.code").on("discount_uses.account_id", "=", accountId))
      .select(["discount_codes.code", "discount_codes.percentage", "discount_codes.expires_at"])
      .where("discount_codes.site_id", "=", site.id)
      .where("discount_codes.account_id", "=", accountId)
      .where("discount_codes.code", "like", `${RETENTION_CODE_PREFIX}%`)
      .where("discount_codes.status", "=", "active")
      .where("discount_codes.expires_at", ">", now)
      .where("discount_uses.payment_id", "is", null)
      .executeTakeFirst();
    if (existing?.expires_at) return { code: existing.code, percentage: Number(existing.percentage), expiresAt: existing.expires_at };
    const expiresAt = new Date(now.getTime() + DELETE_DISCOUNT_DAYS * 86_400_000);
    const code = `${RETENTION_CODE_PREFIX}${Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("")}`;
    await tx
      .insertInto("discount_codes")
      .values({ site_id: site.id, code, percentage: site.delete_discount, account_id: accountId, expires_at: expiresAt, validity: "once_per_user" })
      .execute();
    return { code, percentage: site.delete_discount, expiresAt };
  });
}
