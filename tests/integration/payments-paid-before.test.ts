import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../server/db/database";
import { migrate } from "../../server/db/migrate";
import type { PaymentStatus } from "../../server/db/schema";
import { hasPaidBefore } from "../../server/payments/paid-before";
import type { Site } from "../../server/sites/schema";
import { freshDatabaseUrl, freshDataDir } from "../support/databases";
import { addSite } from "../support/store-fixtures";

describe("whether a member has paid before (the repeat-order link)", () => {
  let store: Store;
  let drop: () => Promise<void>;
  let site: Site;
  let other: Site;

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    store = await openStore({ databaseUrl: database.url, dataDir: await freshDataDir("paid-before", database.url) });
    await migrate(store);
    site = await addSite(store, "shop-nl");
    other = await addSite(store, "shop-be");
  });

  afterAll(async () => {
    await store?.close();
    await drop?.();
  });

  let accounts = 0;
  async function account(siteId: string): Promise<number> {
    accounts += 1;
    const row = await store.db
      .insertInto("accounts")
      .values({ site_id: siteId, email: `buyer${accounts}@example.com`, password_hash: "x", status: "confirmed", language: "nl", country: "NL", date_of_birth: "1990-01-01" })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function payment(siteId: string, accountId: number, status: PaymentStatus) {
    await store.db
      .insertInto("payments")
      .values({
        site_id: siteId,
        account_id: accountId,
        package: "p1",
        credits: 125,
        amount: 1995,
        currency: "EUR",
        method: "ideal",
        provider: "test",
        order_key: `${status}-${Math.random()}`,
        status,
        expires_at: new Date(Date.now() + 3_600_000),
      })
      .execute();
  }

  it("is false until a payment of the member on this brand is paid", async () => {
    const buyer = await account(site.id);
    const paidBefore = () => hasPaidBefore(store.db, { siteId: site.id, accountId: buyer });
    expect(await paidBefore()).toBe(false);
    for (const status of ["open", "pending", "failed", "canceled", "expired", "refunded", "charged_back"] as const) await payment(site.id, buyer, status);
    expect(await paidBefore()).toBe(false);
    await payment(site.id, buyer, "paid");
    expect(await paidBefore()).toBe(true);
  });

  it("never counts another member's payment or one on another brand", async () => {
    const buyer = await account(site.id);
    const neighbour = await account(site.id);
    await payment(site.id, neighbour, "paid");
    expect(await hasPaidBefore(store.db, { siteId: site.id, accountId: buyer })).toBe(false);
    expect(await hasPaidBefore(store.db, { siteId: other.id, accountId: neighbour })).toBe(false);
  });
});
