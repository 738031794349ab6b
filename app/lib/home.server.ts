import type { TFunction } from "i18next";
import type { NicheName } from "../../server/sites/schema";
import bbw from "../art/home/bbw.svg?no-inline";
import bdsm from "../art/home/bdsm.svg?no-inline";
import gay from "../art/home/gay.svg?no-inline";
import gilf from "../art/home/gilf.svg?no-inline";
import milf from "../art/home/milf.svg?no-inline";
import none from "../art/home/none.svg?no-inline";
import she from "../art/home/she.svg?no-inline";
import { TRUST_ICONS } from "../art/home/scene";

/** The hero art of each niche: a file of its own (a hashed asset, kept a year), loaded only where shown. */
const ART: Record<NicheName, string> = { none, she, bdsm, bbw, gilf, milf, gay };

export const homeArt = (niche: NicheName): string => ART[niche];

const DECK_TEXTS = ["eyebrow", "title", "lead", "membersTitle", "trustTitle", "stepsTitle", "closingTitle", "closingText"] as const;
const STEPS = [0, 1, 2] as const;
const PROMISES = ["free", "private", "control"] as const;

/**
 * The home page's words: the niche's copy deck (namespace "home", one object per niche) and the
 * buttons every deck shares, in the visitor's language. Resolved here, so the browser carries only
 * the deck it shows, not the catalogue of every niche.
 */
export function homeCopy(t: TFunction, niche: NicheName, name: string) {
  const text = (key: string) => t(`home:${niche}.${key}`, { name });
  const pairs = (list: string, count: readonly number[]) => count.map((i) => ({ title: text(`${list}.${i}.title`), text: text(`${list}.${i}.text`) }));
  return {
    ...(Object.fromEntries(DECK_TEXTS.map((key) => [key, text(key)])) as Record<(typeof DECK_TEXTS)[number], string>),
    trust: pairs("trust", TRUST_ICONS.map((_, i) => i)),
    steps: pairs("steps", STEPS),
    signup: t("home:signup"),
    browse: t("home:browse"),
    seeAll: t("home:seeAll"),
    promises: PROMISES.map((promise) => t(`home:promises.${promise}`)),
  };
}
