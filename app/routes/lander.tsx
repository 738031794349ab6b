import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { showcaseMembers, showcasePosts } from "../../server/search/showcase";
import type { NotFoundData } from "../components/error-page";
import { BrandCard, Closing, HeroCopy, NewestMembers, Steps, TrustPoints } from "../components/lander/lander-sections";
import { SignupLink } from "../components/signup/signup-modal";
import { loaderHead } from "../lib/meta";
import { landerMembers } from "../lib/lander-members.server";
import { landerPage } from "../lib/lander-page.server";
import { listFictionalWarning } from "../lib/profiles.server";
import { container } from "../styles/grid.css";
import { visuallyHidden } from "../styles/visually-hidden.css";
import * as styles from "./lander.css";
import type { AnonymousCacheHandle } from "../../server/http/page-cache-routes";
import type { FrameworkFreeHandle } from "../lib/framework-free";

// Logged-out visitors get this page from the page cache: its address names the brand's language. It runs the visitors' script, not the framework.
export const handle: AnonymousCacheHandle & FrameworkFreeHandle = { anonymousCache: true, frameworkFree: true };

/** The designs of this module, with how many of the brand's newest members each shows (the map and the films have their own). */
const MEMBERS_SHOWN = { gallery: 12, collagelanding: 9, socialnetwork: 6, alonetonight: 6, iconslanding: 12 } as const;
type Design = keyof typeof MEMBERS_SHOWN;

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { site, t, today } = context;
  const design = Object.hasOwn(MEMBERS_SHOWN, params.design ?? "") ? (params.design as Design) : undefined;
  if (!design) throw data<NotFoundData>({ messageKey: "errors.pageNotFound" }, { status: 404 });
  const { head, basics } = landerPage(context, request, design, params.slug);
  const shown = MEMBERS_SHOWN[design];

  const db = context.services.store.db;
  // The feed shows members as posts: those with words of their own.
  const showcase = design === "socialnetwork" ? await showcasePosts(db, { site, today, limit: shown }) : await showcaseMembers(db, { site, today, limit: shown });
  return {
    head,
    design,
    ...basics,
    words: { like: t("members:profile.like"), message: t("members:profile.message") },
    tonight: design === "alonetonight" ? { title: t("home:landers.alonetonight.title"), lead: t("home:landers.alonetonight.lead", { name: site.name }) } : undefined,
    members: landerMembers(context, showcase),
    fictionalWarning: listFictionalWarning(context, showcase),
  };
}

export const meta = loaderHead;

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

/** A lander (§2, issue 20): each design a page of its own in the lander layout, all ending in the signup. */
export default function Lander() {
  const data = useLoaderData<typeof loader>();
  if (data.design === "collagelanding") return <Collage data={data} />;
  if (data.design === "socialnetwork") return <Feed data={data} />;
  if (data.design === "alonetonight") return <AloneTonight data={data} />;
  if (data.design === "iconslanding") return <Icons data={data} />;
  return <Gallery data={data} />;
}

/** /landers/gallery: the brand's newest members, many of them; a tap on one signs up to like them. */
function Gallery({ data }: { data: Data }) {
  return (
    <main id="main">
      <section className={styles.galleryHero} aria-labelledby="lander-title">
        <div className={`${container} ${styles.galleryHeroInner}`}>
          <HeroCopy data={data} />
        </div>
      </section>
      <NewestMembers data={data} />
      <Closing data={data} />
    </main>
  );
}

/** /landers/collagelanding: a wall of the brand's members behind one card with the brand's promise. */
function Collage({ data }: { data: Data }) {
  return (
    <main id="main">
      <section className={styles.collage} aria-labelledby="lander-title">
        <ul className={styles.collageWall} aria-hidden="true">
          {data.members.map((member) => (
            <li key={member.id} className={styles.collageTile}>
              <img src={member.photo} alt="" width={400} height={400} decoding="async" className={styles.collagePhoto} />
            </li>
          ))}
        </ul>
        <div className={`${container} ${styles.collageInner}`}>
          <div className={styles.collageCard}>
            <BrandCard data={data} titleClass={styles.title} leadClass={styles.lead} />
          </div>
        </div>
      </section>
      <TrustPoints data={data} />
      <Closing data={data} />
    </main>
  );
}

/** /landers/socialnetwork: members as a feed of posts, their photo and words; liking or answering one signs up for it. */
function Feed({ data }: { data: Data }) {
  const { copy, words } = data;
  return (
    <main id="main" className={styles.feedPage}>
      <div className={`${container} ${styles.feedGrid}`}>
        <section className={styles.feedIntro} aria-labelledby="lander-title">
          <BrandCard data={data} titleClass={styles.feedTitle} leadClass={styles.feedLead} />
        </section>
        <section aria-labelledby="feed-title">
          <h2 id="feed-title" className={styles.feedHeading}>
            {copy.membersTitle}
          </h2>
          <ol className={styles.posts}>
            {data.members.map((member, i) => (
              <li key={member.id}>
                <article className={styles.post} aria-labelledby={`post-${member.id}`}>
                  <header className={styles.postHead}>
                    <img src={member.photo} alt="" width={400} height={400} loading="lazy" decoding="async" className={styles.avatar} />
                    <div>
                      <h3 id={`post-${member.id}`} className={styles.postName}>
                        {member.nameAge}
                        {member.fictional ? <span className={styles.postBadge}>{member.fictional}</span> : null}
                      </h3>
                      <p className={styles.postPlace}>{member.place}</p>
                    </div>
                  </header>
                  {member.aboutMe ? <p className={styles.postText}>{member.aboutMe}</p> : null}
                  <img src={member.photo} alt={member.photoAlt} width={400} height={400} loading={i === 0 ? "eager" : "lazy"} decoding="async" className={styles.postPhoto} />
                  <div className={styles.postActions}>
                    <SignupLink className={styles.postAction} reason={{ intent: "like", profileId: member.id, name: member.name }}>
                      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                        <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.1 0 3.7 1.1 5.2 3 1.5-1.9 3.1-3 5.2-3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21Z" fill="currentColor" />
                      </svg>
                      {words.like}
                      <span className={visuallyHidden}>: {member.name}</span>
                    </SignupLink>
                    <SignupLink className={styles.postAction} reason={{ intent: "message", profileId: member.id, name: member.name }}>
                      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                        <path d="M4 5h16v11H8l-4 4V5Z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
                      </svg>
                      {words.message}
                      <span className={visuallyHidden}>: {member.name}</span>
                    </SignupLink>
                  </div>
                </article>
              </li>
            ))}
          </ol>
          {data.fictionalWarning ? <p className={styles.fictionalWarning}>{data.fictionalWarning}</p> : null}
        </section>
      </div>
    </main>
  );
}

/** /landers/alonetonight: the question under a night sky, and a few of the members who are here tonight too. */
function AloneTonight({ data }: { data: Data }) {
  const { copy, tonight } = data;
  if (!tonight) return null;
  return (
    <main id="main">
      <section className={styles.night} aria-labelledby="lander-title">
        <div className={`${container} ${styles.nightInner}`}>
          <svg className={styles.moon} viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false">
            <path d="M41 5a27 27 0 1 0 19 43A23 23 0 0 1 41 5Z" fill="currentColor" />
          </svg>
          <h1 id="lander-title" className={styles.nightTitle}>
            {tonight.title}
          </h1>
          <p className={styles.nightLead}>{tonight.lead}</p>
          <ul className={styles.faces} aria-label={copy.membersTitle}>
            {data.members.map((member) => (
              <li key={member.id}>
                <SignupLink className={styles.face} reason={{ intent: "like", profileId: member.id, name: member.name }}>
                  <img src={member.photo} alt="" width={400} height={400} decoding="async" className={styles.facePhoto} />
                  <span className={styles.faceName}>{member.name}</span>
                  <span className={visuallyHidden}>{member.likeLabel}</span>
                </SignupLink>
              </li>
            ))}
          </ul>
          <SignupLink className={styles.primaryAction}>{copy.signup}</SignupLink>
          {data.signupCredits ? <p className={styles.bonus}>{data.signupCredits}</p> : null}
        </div>
      </section>
      <Steps data={data} />
    </main>
  );
}

/** /landers/iconslanding: the brand's promise beside a honeycomb of its members' faces, each a like away. */
function Icons({ data }: { data: Data }) {
  const { copy } = data;
  return (
    <main id="main">
      <section className={styles.splitHero} aria-labelledby="lander-title">
        <div className={`${container} ${styles.splitGrid}`}>
          <div className={styles.heroCopy}>
            <HeroCopy data={data} />
          </div>
          <ul className={styles.honeycomb} aria-label={copy.membersTitle}>
            {data.members.map((member) => (
              <li key={member.id} className={styles.cell}>
                <SignupLink className={styles.iconLink} reason={{ intent: "like", profileId: member.id, name: member.name }}>
                  <img src={member.photo} alt="" width={400} height={400} decoding="async" className={styles.iconPhoto} />
                  <span className={visuallyHidden}>{member.likeLabel}</span>
                </SignupLink>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <TrustPoints data={data} />
      <Closing data={data} />
    </main>
  );
}
