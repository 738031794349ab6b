import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { countryMap, spreadPins } from "../../server/profiles/country-map";
import { regionName } from "../../server/profiles/places";
import { showcaseNear } from "../../server/search/showcase";
import { isCountryCode } from "../../server/sites/countries";
import { Closing, HeroCopy, NewestMembers, TrustPoints } from "../components/lander/lander-sections";
import { SignupLink } from "../components/signup/signup-modal";
import { loaderHead } from "../lib/meta";
import { landerMembers } from "../lib/lander-members.server";
import { landerPage } from "../lib/lander-page.server";
import { listFictionalWarning } from "../lib/profiles.server";
import { container } from "../styles/grid.css";
import { visuallyHidden } from "../styles/visually-hidden.css";
import * as landing from "./lander.css";
import * as styles from "./lander-map.css";
import type { AnonymousCacheHandle } from "../../server/http/page-cache-routes";
import type { FrameworkFreeHandle } from "../lib/framework-free";

// Logged-out visitors get this page from the page cache, kept per region where a proxy reports one. It runs the visitors' script, not the framework.
export const handle: AnonymousCacheHandle & FrameworkFreeHandle = { anonymousCache: true, byRegion: true, frameworkFree: true };

const MEMBERS = 12;
const PINNED = 9;
/** A pin's width as a share of the map's: the same picture on a phone and a desktop. */
const PIN_SHARE = 0.13;

/**
 * /landers/maplanding (§2, issue 20): the visitor's country drawn from the towns we know, with the
 * brand's newest members there pinned on their towns (those of the visitor's region first, when a
 * proxy reports it); each pin and tile is the signup to like that member.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { site, t, today, country, region, language } = context;
  const { head, basics } = landerPage(context, request, "maplanding", params.slug);
  const showcase = await showcaseNear(context.services.store.db, { site, today, limit: MEMBERS, country, region });
  const members = landerMembers(context, showcase);
  const countryLabel = new Intl.DisplayNames([language], { type: "region" }).of(country) ?? country;
  const regionLabel = region ? regionName(country, region) : undefined;

  const map = isCountryCode(country) ? countryMap(country) : undefined;
  // The members the page shows (those with a photo), each on their town when the map can put them.
  const shown = new Map(members.map((member) => [member.id, member]));
  const placed = map
    ? showcase
        .flatMap((card) => {
          const member = shown.get(card.id);
          const at = member && map.locate(card);
          return at ? [{ member, at }] : [];
        })
        .slice(0, PINNED)
    : [];
  const spots = map ? spreadPins(map, placed.map((pin) => pin.at), PIN_SHARE * map.columns) : [];
  const pins = placed.map(({ member }, i) => ({ ...member, left: spots[i]?.left ?? 0, top: spots[i]?.top ?? 0 }));

  return {
    head,
    ...basics,
    title: t("home:landers.maplanding.title"),
    lead: regionLabel ? t("home:landers.maplanding.leadRegion", { name: site.name, region: regionLabel }) : t("home:landers.maplanding.lead", { name: site.name }),
    map: map && { columns: map.columns, rows: map.rows, runs: map.runs, label: t("home:landers.maplanding.mapLabel", { country: countryLabel, name: site.name }), country: countryLabel },
    pins,
    members,
    fictionalWarning: listFictionalWarning(context, showcase),
  };
}

export const meta = loaderHead;

export default function MapLanding() {
  const data = useLoaderData<typeof loader>();
  const { map } = data;
  return (
    <main id="main">
      <section className={landing.splitHero} aria-labelledby="lander-title">
        <div className={`${container} ${landing.splitGrid}`}>
          <div className={landing.heroCopy}>
            <HeroCopy data={data} title={data.title} lead={data.lead} />
          </div>
          {map ? (
            <figure className={styles.mapCard}>
              <div className={styles.mapCanvas} style={{ aspectRatio: `${map.columns} / ${map.rows}`, width: `min(100%, ${Math.round((60 * map.columns) / map.rows)}vh)` }}>
                <svg className={styles.dots} viewBox={`0 0 ${map.columns} ${map.rows}`} aria-hidden="true" focusable="false">
                  <path d={map.runs} />
                </svg>
                <ul className={styles.pins} aria-label={map.label}>
                  {data.pins.map((pin) => (
                    <li key={pin.id} className={styles.pin} style={{ left: `${(pin.left * 100).toFixed(2)}%`, top: `${(pin.top * 100).toFixed(2)}%` }}>
                      <SignupLink className={styles.pinLink} reason={{ intent: "like", profileId: pin.id, name: pin.name }}>
                        <img src={pin.photo} alt="" width={400} height={400} decoding="async" className={styles.pinPhoto} />
                        <span className={visuallyHidden}>
                          {pin.nameAge}, {pin.place}: {pin.likeLabel}
                        </span>
                      </SignupLink>
                    </li>
                  ))}
                </ul>
              </div>
              <figcaption className={styles.caption}>{map.country}</figcaption>
            </figure>
          ) : null}
        </div>
      </section>
      <NewestMembers data={data} />
      <TrustPoints data={data} />
      <Closing data={data} />
    </main>
  );
}
