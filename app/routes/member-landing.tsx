import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { showcaseMembers } from "../../server/search/showcase";
import { nicheName } from "../../server/sites/schema";
import { siteTitle } from "../../server/sites/settings";
import { pill } from "../components/member/landing-presence.css";
import { SignupLink } from "../components/signup/signup-modal";
import { FETCH_FIRST } from "../lib/fetch-priority";
import { homeCopy } from "../lib/home.server";
import { landingMember, type LandingMember } from "../lib/landing-member.server";
import { redirectToLanguageSlug } from "../lib/landing-slug.server";
import { accountMeta } from "../lib/meta";
import { toCards } from "../lib/profiles.server";
import { container } from "../styles/grid.css";
import * as landing from "./lander.css";
import * as styles from "./member-landing.css";

// Never indexed: a member's page is theirs, not the brand's (robots.txt closes /members too).
export const meta = accountMeta;

/** §2's three landing pages of a member, each its own design: a spotlight, a story card, a chat's first look. */
const DESIGNS = { "": "spotlight", "2": "story", "3": "chat" } as const;
type Design = (typeof DESIGNS)[keyof typeof DESIGNS];
const MORE_SHOWN = 4;

function designOf(pathname: string): Design {
  const number = /\/landing([23]?)(?:\/[^/]*)?$/.exec(pathname)?.[1] ?? "";
  return DESIGNS[number as keyof typeof DESIGNS];
}

/**
 * /members/{id}/landing, /landing2/{slug?} and /landing3/{slug?} (§2, issue 20): what a visitor who
 * clicked an ad showing a member sees. Only a member visitors may find on this brand; for any other
 * id the brand's own landing. Signed-in members go to the profile itself.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const member = await landingMember(context, params.id);
  if (context.member) throw redirect(member ? `/members/${member.id}` : "/members");
  redirectToLanguageSlug(context, request, params.slug, { required: false });
  const { site, t, language, today } = context;
  const design = designOf(new URL(request.url).pathname);
  const others =
    member && design === "spotlight"
      ? toCards(context, await showcaseMembers(context.services.store.db, { site, today, limit: MORE_SHOWN + 1 })).filter((card) => card.id !== member.id && card.image)
      : [];
  const copy = homeCopy(t, nicheName(site.niche), site.name);
  const signupCredits = site.signup_credits > 0 ? t("home:signupCredits", { count: site.signup_credits }) : undefined;
  const name = { name: member?.name };
  return {
    title: member ? member.name : siteTitle(site, language, t),
    design,
    member,
    brand: { eyebrow: copy.eyebrow, title: copy.title, lead: copy.lead, signup: copy.signup, note: signupCredits },
    // Every word is made here: a landing page carries no catalogue to the browser.
    words: {
      lead: t("members:landing.lead", name),
      messageCta: t("members:landing.messageCta", name),
      note: signupCredits ?? t("members:landing.free"),
      aboutMe: t("members:landing.aboutMe", name),
      fromProfile: t("members:landing.fromProfile", name),
      writePrompt: t("members:landing.writePrompt", name),
      more: t("members:landing.more"),
      fictionalBadge: t("members:profile.fictionalBadge"),
      fictionalTitle: t("members:profile.fictionalTitle"),
    },
    others: others.slice(0, MORE_SHOWN).map((card) => ({
      id: card.id,
      name: card.age === undefined ? card.name : t("members:card.nameAge", { name: card.name, age: card.age }),
      place: card.place,
      photo: card.image!.match,
    })),
  };
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

export default function MemberLanding() {
  const data = useLoaderData<typeof loader>();
  if (!data.member) return <BrandLanding data={data} />;
  if (data.design === "story") return <Story member={data.member} data={data} />;
  if (data.design === "chat") return <ChatPreview member={data.member} data={data} />;
  return <Spotlight member={data.member} data={data} />;
}

/** The way in: the signup with this member's card beside it, and their chat once the account is active. */
function SignupFor({ member, className, children }: { member: LandingMember; className: string; children: React.ReactNode }) {
  return (
    <Link to={`/members/${member.id}/signup`} className={className}>
      {children}
    </Link>
  );
}

/** The member's main photo, or their initial; `decorative` where the same photo is shown beside it (an avatar). */
function Photo({ member, className, decorative = false }: { member: LandingMember; className: string; decorative?: boolean }) {
  return member.photo ? (
    <img
      src={decorative ? member.photo.thumb_filename : member.photo.filename}
      alt={decorative ? "" : member.photoAlt}
      className={className}
      width={decorative ? 400 : 800}
      height={decorative ? 400 : 800}
      {...(decorative ? {} : FETCH_FIRST)}
    />
  ) : (
    <span className={`${className} ${styles.initial}`} aria-hidden="true">
      {member.name.slice(0, 1).toUpperCase()}
    </span>
  );
}

function Fictional({ member, words }: { member: LandingMember; words: Data["words"] }) {
  return member.fictional ? (
    <span className={landing.fictional} title={words.fictionalTitle}>
      {words.fictionalBadge}
    </span>
  ) : null;
}

/** "She is online now": in words, the dot repeating them. */
function Presence({ member }: { member: LandingMember }) {
  return member.presence && member.presenceLabel ? <span className={pill[member.presence]}>{member.presenceLabel}</span> : null;
}

/** /members/{id}/landing: the member large beside their words, one way to write to them, and a few more members. */
function Spotlight({ member, data }: { member: LandingMember; data: Data }) {
  const { words } = data;
  return (
    <main id="main">
      <section className={styles.spotlight} aria-labelledby="member-name">
        <div className={`${container} ${styles.spotlightGrid}`}>
          <div className={styles.spotlightPhotoFrame}>
            <Photo member={member} className={styles.spotlightPhoto} />
            <Fictional member={member} words={words} />
          </div>
          <div className={styles.spotlightCopy}>
            <Presence member={member} />
            <h1 id="member-name" className={styles.name}>
              {member.nameAge}
            </h1>
            {member.place ? <p className={styles.place}>{member.place}</p> : null}
            {member.aboutMe ? (
              <blockquote className={styles.quote}>
                <p>{member.aboutMe}</p>
              </blockquote>
            ) : null}
            <p className={landing.lead}>{words.lead}</p>
            <SignupFor member={member} className={landing.primaryAction}>
              {words.messageCta}
            </SignupFor>
            <p className={styles.note}>{words.note}</p>
          </div>
        </div>
      </section>
      {member.fictionalWarning ? <p className={`${container} ${landing.fictionalWarning}`}>{member.fictionalWarning}</p> : null}
      {data.others.length ? (
        <section className={`${container} ${landing.section}`} aria-labelledby="more-title">
          <h2 id="more-title" className={landing.sectionTitle}>
            {words.more}
          </h2>
          <ul className={styles.others}>
            {data.others.map((other) => (
              <li key={other.id}>
                <Link to={`/members/${other.id}/landing`} className={styles.other}>
                  <img src={other.photo} alt="" width={400} height={400} loading="lazy" decoding="async" className={styles.otherPhoto} />
                  <span className={styles.otherName}>{other.name}</span>
                  <span className={styles.otherPlace}>{other.place}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}

/** /members/{id}/landing2: one tall photo card, as a story, with the member's words under it. */
function Story({ member, data }: { member: LandingMember; data: Data }) {
  const { words } = data;
  return (
    <main id="main" className={styles.storyPage}>
      <article className={styles.story} aria-labelledby="member-name">
        <div className={styles.storyPhotoFrame}>
          <Photo member={member} className={styles.storyPhoto} />
          <Fictional member={member} words={words} />
          <div className={styles.storyCaption}>
            <Presence member={member} />
            <h1 id="member-name" className={styles.storyName}>
              {member.nameAge}
            </h1>
            {member.place ? <p className={styles.storyPlace}>{member.place}</p> : null}
          </div>
        </div>
        <div className={styles.storyBody}>
          {member.aboutMe ? (
            <>
              <h2 className={styles.aboutTitle}>{words.aboutMe}</h2>
              <p className={styles.about}>{member.aboutMe}</p>
            </>
          ) : null}
          {member.fictionalWarning ? <p className={landing.fictionalWarning}>{member.fictionalWarning}</p> : null}
          <div className={styles.stickyAction}>
            <SignupFor member={member} className={landing.primaryAction}>
              {words.messageCta}
            </SignupFor>
            <p className={styles.note}>{words.note}</p>
          </div>
        </div>
      </article>
    </main>
  );
}

/** /members/{id}/landing3: the chat with the member as it would open, their own words first. */
function ChatPreview({ member, data }: { member: LandingMember; data: Data }) {
  const { words } = data;
  return (
    <main id="main" className={styles.chatPage}>
      <section className={styles.chat} aria-labelledby="member-name">
        <header className={styles.chatHead}>
          <Photo member={member} className={styles.chatAvatar} decorative />
          <div>
            <h1 id="member-name" className={styles.chatName}>
              {member.nameAge}
            </h1>
            {member.presence ? <Presence member={member} /> : member.place ? <p className={styles.chatPlace}>{member.place}</p> : null}
          </div>
          <Fictional member={member} words={words} />
        </header>
        <div className={styles.chatBody}>
          <div className={styles.chatPhotoFrame}>
            <Photo member={member} className={styles.chatPhoto} />
          </div>
          {member.aboutMe ? (
            <figure className={styles.bubble}>
              <figcaption className={styles.bubbleLabel}>{words.fromProfile}</figcaption>
              <p className={styles.bubbleText}>{member.aboutMe}</p>
            </figure>
          ) : null}
          {member.fictionalWarning ? <p className={landing.fictionalWarning}>{member.fictionalWarning}</p> : null}
        </div>
        <SignupFor member={member} className={styles.composer}>
          <span className={styles.composerField}>{words.writePrompt}</span>
          <span className={styles.composerSend} aria-hidden="true">
            <svg viewBox="0 0 24 24" width="22" height="22" focusable="false">
              <path d="M3 11.5 20 4l-7.5 17-2.2-7.3L3 11.5Z" fill="currentColor" />
            </svg>
          </span>
        </SignupFor>
        <p className={`${styles.note} ${styles.chatNote}`}>{words.note}</p>
      </section>
    </main>
  );
}

/** An ad's member who is not to be found (gone, hidden, another brand's): the brand itself, one way in. */
function BrandLanding({ data }: { data: Data }) {
  return (
    <main id="main">
      <section className={styles.spotlight} aria-labelledby="brand-title">
        <div className={`${container} ${styles.brandCopy}`}>
          <p className={landing.eyebrow}>{data.brand.eyebrow}</p>
          <h1 id="brand-title" className={styles.name}>
            {data.brand.title}
          </h1>
          <p className={landing.lead}>{data.brand.lead}</p>
          <SignupLink className={landing.primaryAction}>{data.brand.signup}</SignupLink>
          {data.brand.note ? <p className={styles.note}>{data.brand.note}</p> : null}
        </div>
      </section>
    </main>
  );
}
