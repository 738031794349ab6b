import { describe, expect, it } from "vitest";
import { countdownText, promotionBanner, PROMOTION_ROUTES, timeBonusPopupDue } from "../../app/lib/promotions";
import { discountApplies, discountedPrice, isCodeShape, normaliseCode } from "../../server/promotions/discounts";
import { hoursUntil, memberOffers, welcomeDiscountEndsAt } from "../../server/promotions/offers";

const member = { paidUser: false, credits: 0, timeBonusSecondsLeft: 100, welcomeHoursLeft: 30 };

describe("where the promotions show (§4)", () => {
  it("puts the time bonus on the members' area pages of §4 only, and the welcome discount once the bonus is over", () => {
    expect(PROMOTION_ROUTES).toEqual(["members", "members-id", "chats", "likes", "likes-m-id", "premium"]);
    for (const route of PROMOTION_ROUTES) expect(promotionBanner(member, route, 100)).toBe("time_bonus");
    for (const route of ["profile", "settings", "credits", "chats-id", "directdebit", undefined]) expect(promotionBanner(member, route, 100)).toBeUndefined();
    expect(promotionBanner(member, "members", 0)).toBe("welcome");
    expect(promotionBanner({ ...member, welcomeHoursLeft: 0 }, "members", 0)).toBeUndefined();
    expect(promotionBanner({ ...member, paidUser: true }, "members", 100)).toBeUndefined();
  });

  it("opens the popup only while the bonus runs, with no credits, never dismissed", () => {
    expect(timeBonusPopupDue(member, 10, false)).toBe(true);
    expect(timeBonusPopupDue(member, 0, false)).toBe(false);
    expect(timeBonusPopupDue({ ...member, credits: 1 }, 10, false)).toBe(false);
    expect(timeBonusPopupDue(member, 10, true)).toBe(false);
    expect(timeBonusPopupDue({ ...member, paidUser: true }, 10, false)).toBe(false);
  });

  it("writes the countdown as hh:mm:ss", () => {
    expect(countdownText(14_400)).toBe("04:00:00");
    expect(countdownText(3 * 3600 + 59 * 60 + 5)).toBe("03:59:05");
    expect(countdownText(0)).toBe("00:00:00");
    expect(countdownText(-3)).toBe("00:00:00");
  });
});

describe("discount arithmetic and codes", () => {
  it("takes a percentage off in whole cents, never to nothing", () => {
    expect(discountedPrice(1995, 25)).toBe(1496);
    expect(discountedPrice(995, 20)).toBe(796);
    expect(discountedPrice(1, 50)).toBe(1);
  });

  it("applies from the minimum order value on", () => {
    expect(discountApplies({ minimumOrderValue: null }, 1)).toBe(true);
    expect(discountApplies({ minimumOrderValue: 1500 }, 1499)).toBe(false);
    expect(discountApplies({ minimumOrderValue: 1500 }, 1500)).toBe(true);
  });

  it("reads what members type as stored codes", () => {
    expect(normaliseCode("  winter20 ")).toBe("WINTER20");
    expect(isCodeShape("WINTER20")).toBe(true);
    expect(isCodeShape("AB")).toBe(false);
    expect(isCodeShape("DROP TABLE")).toBe(false);
    expect(isCodeShape("-ABC")).toBe(false);
  });

  it("counts the welcome discount's hours from signup, rounding up, and ends it with a purchase or a brand's 0", () => {
    const signupDate = new Date("2026-11-24T00:00:00Z");
    const now = new Date("2026-11-24T10:30:00Z");
    const ends = welcomeDiscountEndsAt({ welcome_discount_hours: 72 }, { paidUser: false, signupDate }, now);
    expect(ends?.toISOString()).toBe("2026-11-27T00:00:00.000Z");
    expect(hoursUntil(ends!, now)).toBe(62);
    expect(welcomeDiscountEndsAt({ welcome_discount_hours: 0 }, { paidUser: false, signupDate }, now)).toBeUndefined();
    expect(welcomeDiscountEndsAt({ welcome_discount_hours: 72 }, { paidUser: true, signupDate }, now)).toBeUndefined();
    expect(memberOffers({ welcome_discount_hours: 10 }, { paidUser: false, signupDate }, now)).toEqual([]);
  });
});
