import { messageCost } from "../chat/pricing";
import { PACKAGE_TIERS, type PackageTier } from "../sites/payments";
import type { Site } from "../sites/schema";

/** One credit package as a shop shows it: in one currency, in minor units (cents). */
export type PricedPackage = {
  tier: PackageTier;
  credits: number;
  price: number;
  /** The usual price, shown struck through; only when it is higher than the price. */
  normalPrice?: number;
  /** Whole percent off the normal price ("-20%"), when there is a normal price. */
  discountPercent?: number;
  popular: boolean;
  /** Minor units one credit costs in this package; a fraction (15.96 cents), formatted for display. */
  pricePerCredit: number;
};

type PackageSite = Pick<Site, "packages">;

/**
 * A brand's packages priced in one currency, cheapest tier first (p0 → p3). A package without a
 * price in that currency is not sold in it and is left out; the site schema makes sure every
 * package has a price in each of the brand's own currencies.
 */
export function packagesFor(site: PackageSite, currency: string): PricedPackage[] {
  return site.packages
    .flatMap((pack): PricedPackage[] => {
      const price = pack.prices[currency];
      if (price === undefined) return [];
      const normal = pack.normal_prices[currency];
      const discounted = normal !== undefined && normal > price;
      return [
        {
          tier: pack.tier,
          credits: pack.credits,
          price,
          ...(discounted ? { normalPrice: normal, discountPercent: Math.round(((normal - price) / normal) * 100) } : {}),
          popular: pack.popular,
          pricePerCredit: price / pack.credits,
        },
      ];
    })
    .sort((a, b) => PACKAGE_TIERS.indexOf(a.tier) - PACKAGE_TIERS.indexOf(b.tier));
}

/** The package a tier names on this brand in this currency, if it sells one. */
export function packageFor(site: PackageSite, currency: string, tier: string): PricedPackage | undefined {
  return packagesFor(site, currency).find((pack) => pack.tier === tier);
}

export type ThingsCost = {
  /** Credits one text message costs a member of this country. */
  message: number;
  /** The country's minimum for a text message, when the brand sets one for it. */
  countryMinimum?: number;
  photo: number;
  gift: number;
};

type CostSite = Pick<Site, "message_credits" | "photo_credits" | "gift_credits" | "minimum_message_costs">;

/** What sending things costs on a brand for a member of a country, by the same rule the chat charges. */
export function whatThingsCost(site: CostSite, country: string): ThingsCost {
  const minimum = site.minimum_message_costs[country as keyof typeof site.minimum_message_costs]?.costs;
  return {
    message: messageCost(site, country, "text"),
    ...(minimum !== undefined ? { countryMinimum: Math.ceil(minimum) } : {}),
    photo: messageCost(site, country, "image"),
    gift: messageCost(site, country, "gift"),
  };
}
