import { SCENE_SIZE, TRUST_ICONS } from "../../art/home/scene";
import type { HomeData } from "../../routes/index";
import { container } from "../../styles/grid.css";
import { SignupLink } from "../signup/signup-modal";
// The buttons, ticks, badges and drawing are the classic design's: one brand, two layouts.
import * as shared from "./classic-home.css";
import * as styles from "./new-home.css";
import { MemberStrip } from "./member-strip";
import { HeroCopy } from "./hero-copy";
import { StepsList } from "./steps-list";

/** The hero's wall of members: two rows of three (a phone shows one); a brand with fewer members shows its drawing there. */
const WALL_SHOWN = 6;
/** The faces beside the closing call. */
const FACES_SHOWN = 5;

/**
 * The home page's new design (decision 047): the brand's own members make the hero, with its
 * promise and the way in over them; then more of them, how it works, why it is safe, and a last
 * call beside a few of their faces. Every word is the niche's home copy.
 */
export function NewHome({ data }: { data: HomeData }) {
  const { copy, art, members } = data;
  const wall = members.length >= WALL_SHOWN ? members.slice(0, WALL_SHOWN) : [];
  return (
    <main id="main">
      <section className={styles.hero} aria-labelledby="hero-title">
        {wall.length ? (
          // The same members as the strip below, which names them and carries the fictional warning.
          <ul className={styles.wall} aria-hidden="true">
            {wall.map((member) => (
              <li key={member.id} className={styles.wallTile}>
                <img src={member.photo} alt="" width={400} height={400} decoding="async" className={styles.photo} />
              </li>
            ))}
          </ul>
        ) : null}
        <div className={`${container} ${styles.heroGrid}`}>
          <HeroCopy
            data={data}
            classes={{ copy: styles.heroCopy, eyebrow: styles.eyebrow, title: styles.title, lead: styles.lead, actions: styles.actions, bonus: styles.bonus }}
          />
          {wall.length ? null : (
            <svg className={`${shared.heroArt} ${styles.art}`} viewBox={`0 0 ${SCENE_SIZE.width} ${SCENE_SIZE.height}`} width={SCENE_SIZE.width} height={SCENE_SIZE.height} aria-hidden="true" focusable="false">
              <use href={`${art}#scene`} />
            </svg>
          )}
        </div>
      </section>

      <MemberStrip data={data} classes={{
        section: styles.section,
        title: styles.sectionTitle,
        members: styles.members,
        member: styles.member,
        link: styles.memberLink,
        photo: styles.photo,
        text: styles.memberText,
        name: styles.memberName,
        place: styles.memberPlace,
      }} />

      <section className={styles.stepsBand} aria-labelledby="steps-title">
        <div className={`${container} ${styles.section}`}>
          <h2 id="steps-title" className={`${styles.sectionTitle} ${styles.centred}`}>
            {copy.stepsTitle}
          </h2>
          <StepsList
            steps={copy.steps}
            classes={{ list: styles.steps, step: styles.step, number: styles.stepNumber, title: styles.pointTitle, text: styles.pointText }}
          />
        </div>
      </section>

      <section className={`${container} ${styles.section} ${styles.trust}`} aria-labelledby="trust-title">
        <h2 id="trust-title" className={styles.sectionTitle}>
          {copy.trustTitle}
        </h2>
        <ul className={styles.trustPoints}>
          {copy.trust.map((point, i) => (
            <li key={point.title} className={styles.trustPoint}>
              <svg className={styles.icon} viewBox="-10 -10 44 44" width="56" height="56" aria-hidden="true" focusable="false">
                <use href={`${art}#${TRUST_ICONS[i]}`} width="24" height="24" />
              </svg>
              <div>
                <h3 className={styles.pointTitle}>{point.title}</h3>
                <p className={styles.pointText}>{point.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className={`${container} ${styles.closingSection}`} aria-labelledby="closing-title">
        <div className={styles.closing}>
          {members.length ? (
            <ul className={styles.faces} aria-hidden="true">
              {members.slice(0, FACES_SHOWN).map((member) => (
                <li key={member.id} className={styles.face}>
                  <img src={member.photo} alt="" width={400} height={400} loading="lazy" decoding="async" className={styles.photo} />
                </li>
              ))}
            </ul>
          ) : null}
          <h2 id="closing-title" className={styles.closingTitle}>
            {copy.closingTitle}
          </h2>
          <p className={styles.closingText}>{copy.closingText}</p>
          <SignupLink className={shared.primaryAction}>{copy.signup}</SignupLink>
        </div>
      </section>
    </main>
  );
}
