import { data as withStatus, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { likeProfile, likesBetween, unlikeProfile } from "../../server/likes/likes";
import { publishNewLike } from "../../server/likes/notify";
import { photosOf } from "../../server/photos/photos";
import { photoUrls } from "../../server/photos/urls";
import { blockBetween, blockProfile, unblockProfile } from "../../server/profiles/blocks";
import type { ChoiceField } from "../../server/profiles/choices";
import { regionName } from "../../server/profiles/places";
import { presenceOf } from "../../server/presence/presence";
import { loadProfileOf } from "../../server/profiles/profile";
import { maySearch } from "../../server/search/access";
import { searchMembers } from "../../server/search/search";
import { localized } from "../../server/sites/settings";
import * as form from "../components/form.css";
import { MatchModal } from "../components/member/match-modal";
import { useMemberStatus } from "../components/member/member-status";
import { PresenceLabel } from "../components/member/presence-label";
import { ProfileGrid } from "../components/profile-card";
import { SignupLink } from "../components/signup/signup-modal";
import { requireMember } from "../lib/auth.server";
import { FETCH_FIRST } from "../lib/fetch-priority";
import { accountMeta } from "../lib/meta";
import { countryNamer, limitVisitorProfileViews, toCards } from "../lib/profiles.server";
import * as styles from "./members-id.css";

export const handle = { i18n: ["members"] };
export const meta = accountMeta;

const RELATED_SHOWN = 4;

function profileIdFrom(params: { id?: string }): number {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw new Response("Not found", { status: 404 });
  return id;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { site, member, t, today } = context;
  const db = context.services.store.db;
  const profileId = profileIdFrom(params);
  if (member?.profileId === profileId) throw redirect("/profile");
  if (!maySearch(site, { signedIn: Boolean(member), fromTrafficSource: Boolean(context.tracking) })) requireMember(context, request);
  await limitVisitorProfileViews(context);

  // A profile others may not see (invisible, inactive, another pool) is not found, as a missing id is.
  const profile = await loadProfileOf(db, { site, profileId, today });
  if (!profile) throw new Response("Not found", { status: 404 });
  // Either side's block answers with the notice, never the profile (§6).
  const blocked = member ? await blockBetween(db, { viewerId: member.profileId, profileId }) : undefined;
  if (blocked) {
    return withStatus({ view: "blocked" as const, title: t("members:blocked.title"), blockedByViewer: blocked === "viewer", profileId }, { status: 403 });
  }

  const [photos, likes, related] = await Promise.all([
    photosOf({ db, profileId, viewer: "other" }),
    member ? likesBetween(db, { viewerId: member.profileId, profileId }) : undefined,
    searchMembers(db, {
      site,
      viewerProfileId: member?.profileId,
      today,
      count: false,
      pageSize: RELATED_SHOWN,
      excludeIds: [profileId],
      filters: { gender: profile.gender ?? undefined, country: profile.country, min_age: Math.max(site.min_age, profile.age - 8), max_age: profile.age + 8 },
    }),
  ]);
  // Free members and visitors see the first photo; the others stay on the server (§6).
  const seesAll = Boolean(member?.paidUser);
  const shown = (seesAll ? photos : photos.slice(0, 1)).map((photo) => photoUrls(site, photo));
  const countryName = countryNamer(context.language);
  const visible = new Set<string>(site.visible_profile_fields);
  const label = (field: ChoiceField) => (visible.has(field) && profile[field] ? t(`members:label.${field}.${profile[field]}`) : undefined);
  const fictionalWarning = profile.fictional && site.fictional_warning ? localized(site.fictional_warning.singular, context.language) : undefined;

  return {
    view: "profile" as const,
    title: profile.name,
    signedIn: Boolean(member),
    profile: {
      id: profile.id,
      name: profile.name,
      age: visible.has("age") ? profile.age : undefined,
      fictional: profile.fictional,
      // Members only, as on the cards; presenceOf says nothing of an invisible member.
      presence: member ? presenceOf(profile.last_seen_at, profile.invisible, new Date()) : null,
      facts: [
        ["gender", label("gender")],
        ["sexuality", label("sexuality")],
        ["country", visible.has("country") ? countryName(profile.country) : undefined],
        ["region", visible.has("region") && profile.region ? regionName(profile.country, profile.region) : undefined],
        ["city", visible.has("city") ? profile.city : undefined],
        ["reason", label("reason")],
        ["relationship_status", label("relationship_status")],
        ["body_type", label("body_type")],
        ["hair_colour", label("hair_colour")],
        ["eye_colour", label("eye_colour")],
        ["tattoos", label("tattoos")],
      ].filter((fact): fact is [string, string] => Boolean(fact[1])),
      aboutMe: visible.has("about_me") ? profile.about_me : null,
      interests: visible.has("interests") ? profile.interests.map((tag) => t(`members:interest.${tag}`, { defaultValue: tag.replaceAll("_", " ") })) : [],
    },
    photos: shown,
    photoCount: photos.length,
    lockedPhotos: photos.length - shown.length,
    liked: likes?.liked ?? false,
    likesViewer: likes?.likesViewer ?? false,
    clearedNewLike: likes?.clearedNewLike ?? false,
    fictionalWarning,
    related: toCards(context, related.results),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const member = requireMember(context, request);
  const db = context.services.store.db;
  const profileId = profileIdFrom(params);
  const body = await request.formData();
  const intent = body.get("intent");
  const pair = { likerId: member.profileId, likedId: profileId };
  if (intent === "like") {
    const outcome = await likeProfile(db, { pool: context.site.pool, ...pair, source: body.get("from") === "card" ? "card" : "profile" });
    if (outcome.stands && outcome.fresh) await publishNewLike(context.services, profileId);
    // The member whose like completes a match sees the match modal (§4).
    return { done: intent, match: outcome.stands && outcome.fresh && outcome.match };
  }
  if (intent === "unlike") await unlikeProfile(db, pair);
  else if (intent === "block") await blockProfile(db, { pool: context.site.pool, blockerId: member.profileId, blockedId: profileId });
  else if (intent === "unblock") await unblockProfile(db, { blockerId: member.profileId, blockedId: profileId });
  else throw new Response("Unknown action", { status: 400 });
  return { done: intent, match: false };
}

/** A member's profile (§2 profile view): photos, labels, like, gift, message, block, report, related. */
export default function MemberProfile() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("members");
  const busy = useNavigation().state !== "idle";
  const liked = useActionData<typeof action>();
  const [matchClosedFor, setMatchClosedFor] = useState<typeof liked>();
  const { refresh } = useMemberStatus();
  const clearedNewLike = data.view === "profile" && data.clearedNewLike;
  // The layout's badge was counted alongside this page, before the like became seen.
  useEffect(() => {
    if (clearedNewLike) void refresh();
  }, [clearedNewLike, data, refresh]);
  if (data.view === "blocked") return <BlockedNotice blockedByViewer={data.blockedByViewer} busy={busy} />;
  const { profile } = data;
  const [main, ...more] = data.photos;

  return (
    <main id="main" className={styles.page}>
      <section className={styles.header} aria-label={t("profile.photos")}>
        <div className={styles.mainPhoto}>
          {main ? (
            <img src={main.filename} alt={t("profile.photoOf", { name: profile.name })} className={styles.mainImage} width={800} height={800} {...FETCH_FIRST} />
          ) : (
            <span className={styles.noPhoto} aria-hidden="true">
              {profile.name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <span className={styles.photoCount}>{t("profile.photoCount", { count: data.photoCount })}</span>
        </div>
        {more.length || data.lockedPhotos ? (
          <ul className={styles.thumbs}>
            {more.map((photo) => (
              <li key={photo.filename}>
                <a href={photo.filename} className={styles.thumbLink}>
                  <img src={photo.thumb_filename} alt={t("profile.photoOf", { name: profile.name })} className={styles.thumb} width={400} height={400} loading="lazy" decoding="async" />
                </a>
              </li>
            ))}
            {data.lockedPhotos ? (
              <li className={styles.locked}>
                <span className={styles.lockedCount} aria-hidden="true">
                  +{data.lockedPhotos}
                </span>
                <p className={styles.lockedText}>{t("profile.premiumPhotos", { count: data.lockedPhotos })}</p>
                <Link to={data.signedIn ? "/premium" : "/signup"} className={form.button}>
                  {data.signedIn ? t("profile.getPremium") : t("profile.signupToSee")}
                </Link>
              </li>
            ) : null}
          </ul>
        ) : null}
      </section>

      <section className={styles.details}>
        <h1 className={styles.name}>
          {profile.age === undefined ? profile.name : t("card.nameAge", { name: profile.name, age: profile.age })}
          {profile.fictional ? (
            <span className={styles.fictionalIcon} title={t("profile.fictionalTitle")}>
              {t("profile.fictionalBadge")}
            </span>
          ) : null}
        </h1>
        {profile.presence ? <PresenceLabel presence={profile.presence} /> : null}
        {data.fictionalWarning ? <p className={form.notice}>{data.fictionalWarning}</p> : null}
        {data.likesViewer ? <p className={form.success}>{t("profile.likesYou", { name: profile.name })}</p> : null}

        {data.signedIn ? (
          <div className={styles.actions}>
            <Form method="post" className={styles.actionForm}>
              <button type="submit" name="intent" value={data.liked ? "unlike" : "like"} className={data.liked ? form.secondaryButton : form.button} disabled={busy} aria-pressed={data.liked}>
                {data.liked ? t("profile.unlike") : t("profile.like")}
              </button>
            </Form>
            <Link to={`/members/${profile.id}/chat`} className={form.button}>
              {t("profile.message")}
            </Link>
            <Link to={`/members/${profile.id}/chat?gift=1`} className={form.secondaryButton}>
              {t("profile.gift")}
            </Link>
          </div>
        ) : (
          // A visitor who taps one of these signs up for it ("Sign up free to like Kees") and comes back here.
          <div className={styles.actions}>
            <SignupLink reason={{ intent: "like", profileId: profile.id, name: profile.name }} className={form.button}>
              {t("profile.like")}
            </SignupLink>
            <SignupLink reason={{ intent: "message", profileId: profile.id, name: profile.name }} className={form.button}>
              {t("profile.message")}
            </SignupLink>
            <SignupLink reason={{ intent: "gift", profileId: profile.id, name: profile.name }} className={form.secondaryButton}>
              {t("profile.gift")}
            </SignupLink>
          </div>
        )}

        {profile.aboutMe ? (
          <section aria-labelledby="about-me">
            <h2 id="about-me" className={styles.sectionTitle}>{t("labels.about_me")}</h2>
            <p className={styles.about}>{profile.aboutMe}</p>
          </section>
        ) : null}
        {profile.facts.length ? (
          <dl className={styles.facts}>
            {profile.facts.map(([field, value]) => (
              <div key={field} className={styles.fact}>
                <dt>{t(`labels.${field}`)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {profile.interests.length ? (
          <section aria-labelledby="interests">
            <h2 id="interests" className={styles.sectionTitle}>{t("labels.interests")}</h2>
            <ul className={styles.chips}>
              {profile.interests.map((interest) => (
                <li key={interest} className={styles.chip}>
                  {interest}
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <div className={styles.quiet}>
          {data.signedIn ? (
            <Form method="post">
              <button type="submit" name="intent" value="block" className={form.linkButton} disabled={busy}>
                {t("profile.block")}
              </button>
            </Form>
          ) : null}
          <Link to={`/complaints?profile=${profile.id}`} className={form.link}>
            {t("profile.report")}
          </Link>
        </div>
      </section>

      {liked?.match && matchClosedFor !== liked ? (
        <MatchModal profile={{ id: profile.id, name: profile.name, image: main ? { match: main.thumb_filename } : null }} onClose={() => setMatchClosedFor(liked)} />
      ) : null}
      {data.related.length ? (
        <section className={styles.related} aria-labelledby="related">
          <h2 id="related" className={styles.sectionTitle}>{t("profile.related")}</h2>
          <ProfileGrid profiles={data.related} />
        </section>
      ) : null}
    </main>
  );
}

function BlockedNotice({ blockedByViewer, busy }: { blockedByViewer: boolean; busy: boolean }) {
  const { t } = useTranslation("members");
  return (
    <main id="main" className={styles.notice}>
      <h1 className={form.heading}>{t("blocked.title")}</h1>
      <p>{blockedByViewer ? t("blocked.byYou") : t("blocked.byThem")}</p>
      {blockedByViewer ? (
        <Form method="post">
          <button type="submit" name="intent" value="unblock" className={form.button} disabled={busy}>
            {t("profile.unblock")}
          </button>
        </Form>
      ) : null}
      <Link to="/members" className={form.link}>
        {t("blocked.back")}
      </Link>
    </main>
  );
}

