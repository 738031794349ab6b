import type { AppLoadContext } from "@remix-run/node";
import type { MemberCard } from "../../server/search/search";
import { toCards } from "./profiles.server";

/**
 * The brand's members as a lander shows them, with every word made here (a lander carries no
 * catalogue): name and age, where they live, their photo (`large` where one fills a phone's width),
 * the fictional badge, what a tap on them does, and their own words where the query loaded them.
 * Members without a photo are left out.
 */
export function landerMembers(context: AppLoadContext, members: (MemberCard & { aboutMe?: string })[], { large = false }: { large?: boolean } = {}) {
  const { t } = context;
  const fictionalBadge = t("members:profile.fictionalBadge");
  return toCards(context, members).flatMap((card, i) => {
    const image = members[i]?.image;
    if (!card.image || !image) return [];
    return [
      {
        id: card.id,
        name: card.name,
        nameAge: t("members:card.nameAge", { name: card.name, age: card.age }),
        place: card.place,
        photo: large ? image.filename : image.match,
        photoAlt: t("members:profile.photoOf", { name: card.name }),
        fictional: card.fictional ? fictionalBadge : undefined,
        aboutMe: members[i]?.aboutMe,
        // What a tap does: "Sign up free to like Kees".
        likeLabel: t("account:signup.reason.like", { name: card.name }),
      },
    ];
  });
}
