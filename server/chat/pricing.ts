import type { MessageKind } from "../db/schema";
import type { Site } from "../sites/schema";

/** Conversations a free member may start (§6, §9). */
export const FREE_CONVERSATIONS = 2;

/** The gifts a member can send; each costs the site's gift_credits. */
export const GIFTS = ["rose", "heart", "kiss", "champagne", "teddy", "diamond"] as const;
export type Gift = (typeof GIFTS)[number];

export const isGift = (value: unknown): value is Gift => GIFTS.includes(value as Gift);

/**
 * What one message of a kind costs a member of a country, in credits: a text costs the site's
 * message_credits but never less than the minimum_message_costs of the member's country (§3).
 */
export function messageCost(site: Pick<Site, "message_credits" | "photo_credits" | "gift_credits" | "minimum_message_costs">, country: string, kind: MessageKind): number {
  if (kind === "image") return site.photo_credits;
  if (kind === "gift") return site.gift_credits;
  if (kind === "system") return 0;
  const minimum = site.minimum_message_costs[country as keyof typeof site.minimum_message_costs]?.costs ?? 0;
  return Math.max(site.message_credits, Math.ceil(minimum));
}
