import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LOOP_DESIGNS, loopOf, type LoopDesign } from "../../server/landers/loops";
import { showcaseMembers } from "../../server/search/showcase";
import type { NotFoundData } from "../components/error-page";
import { BrandCard, Closing, HeroCopy, NewestMembers, Steps, TrustPoints } from "../components/lander/lander-sections";
import { LoopFilm } from "../components/lander/loop-film";
import { loaderHead } from "../lib/meta";
import { landerMembers } from "../lib/lander-members.server";
import { landerPage } from "../lib/lander-page.server";
import { listFictionalWarning } from "../lib/profiles.server";
import { container } from "../styles/grid.css";
import * as landing from "./lander.css";
import * as styles from "./lander-video.css";
import type { AnonymousCacheHandle } from "../../server/http/page-cache-routes";
import type { FrameworkFreeHandle } from "../lib/framework-free";

// Logged-out visitors get this page from the page cache: its address names the brand's language. It runs the visitors' script, not the framework.
export const handle: AnonymousCacheHandle & FrameworkFreeHandle = { anonymousCache: true, frameworkFree: true };

const MEMBERS = 6;

/**
 * /landers/video and /landers/transitionsvideolanding (§2, issue 20): the niche's members in a
 * silent film made at build time from the demo portraits (a wall of faces drifting by behind the
 * promise; a phone's story, face after face, beside it), then some of the brand's newest members.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const design = new URL(request.url).pathname.split("/")[2];
  if (!(LOOP_DESIGNS as readonly string[]).includes(design ?? "")) throw data<NotFoundData>({ messageKey: "errors.pageNotFound" }, { status: 404 });
  const { site, t, today } = context;
  const { head, niche, basics } = landerPage(context, request, design as LoopDesign, params.slug);
  const showcase = await showcaseMembers(context.services.store.db, { site, today, limit: MEMBERS });
  return {
    head,
    ...basics,
    design: design as LoopDesign,
    loop: loopOf(niche, design as LoopDesign),
    filmWords: { pause: t("home:landers.video.pause"), play: t("home:landers.video.play") },
    members: landerMembers(context, showcase),
    fictionalWarning: listFictionalWarning(context, showcase),
  };
}

export const meta = loaderHead;

export default function VideoLanding() {
  const data = useLoaderData<typeof loader>();
  return data.design === "video" ? <WallFilm data={data} /> : <StoryFilm data={data} />;
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

/** /landers/video: the promise over a wall of faces drifting by, full width. */
function WallFilm({ data }: { data: Data }) {
  return (
    <main id="main">
      <section className={styles.wall} aria-labelledby="lander-title">
        <LoopFilm loop={data.loop} words={data.filmWords} className={styles.wallFilm} />
        <div className={`${container} ${styles.wallInner}`}>
          <HeroCopy data={data} classes={{ eyebrow: styles.wallEyebrow, title: styles.wallTitle, lead: styles.wallLead }} />
        </div>
      </section>
      <Steps data={data} />
      <NewestMembers data={data} />
      <Closing data={data} />
    </main>
  );
}

/** /landers/transitionsvideolanding: the brand's card beside a phone playing a story of its members. */
function StoryFilm({ data }: { data: Data }) {
  return (
    <main id="main">
      <section className={styles.story} aria-labelledby="lander-title">
        <div className={`${container} ${styles.storyGrid}`}>
          <div className={styles.phone}>
            <LoopFilm loop={data.loop} words={data.filmWords} className={styles.phoneScreen} />
          </div>
          <div className={styles.storyCard}>
            <BrandCard data={data} titleClass={landing.title} leadClass={styles.storyLead} />
          </div>
        </div>
      </section>
      <NewestMembers data={data} />
      <TrustPoints data={data} />
      <Closing data={data} />
    </main>
  );
}
