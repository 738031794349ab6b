import { SCENE_SIZE, TRUST_ICONS } from "../../art/home/scene";
import type { HomeData } from "../../routes/index";
import { container } from "../../styles/grid.css";
import { SignupLink } from "../signup/signup-modal";
import * as styles from "./classic-home.css";
import { MemberStrip } from "./member-strip";
import { HeroCopy } from "./hero-copy";
import { StepsList } from "./steps-list";

/** The brand's front door: who it is for, real members, why it is safe, how it works, one clear way in. */
export function ClassicHome({ data }: { data: HomeData }) {
  const { copy, art } = data;
  return (
    <main id="main">
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={`${container} ${styles.heroGrid}`}>
          <HeroCopy
            data={data}
            classes={{ copy: styles.heroCopy, eyebrow: styles.eyebrow, title: styles.heroTitle, lead: styles.lead, actions: styles.actions, bonus: styles.bonus }}
          />
          {/* Drawn art, coloured by the theme; its size is known before the file arrives. */}
          <svg className={styles.heroArt} viewBox={`0 0 ${SCENE_SIZE.width} ${SCENE_SIZE.height}`} width={SCENE_SIZE.width} height={SCENE_SIZE.height} aria-hidden="true" focusable="false">
            <use href={`${art}#scene`} />
          </svg>
        </div>
      </section>

      <MemberStrip data={data} classes={{
        section: styles.section,
        title: styles.sectionTitle,
        members: styles.members,
        member: styles.member,
        link: styles.memberLink,
        photo: styles.memberPhoto,
        text: styles.memberText,
        name: styles.memberName,
        place: styles.memberPlace,
      }} />

      <section className={styles.band} aria-labelledby="trust-title">
        <div className={`${container} ${styles.section}`}>
          <h2 id="trust-title" className={styles.sectionTitle}>
            {copy.trustTitle}
          </h2>
          <ul className={styles.cards}>
            {copy.trust.map((point, i) => (
              <li key={point.title} className={styles.card}>
                <svg className={styles.icon} viewBox="-8 -8 40 40" width="48" height="48" aria-hidden="true" focusable="false">
                  <use href={`${art}#${TRUST_ICONS[i]}`} width="24" height="24" />
                </svg>
                <h3 className={styles.cardTitle}>{point.title}</h3>
                <p className={styles.cardText}>{point.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={`${container} ${styles.section}`} aria-labelledby="steps-title">
        <h2 id="steps-title" className={styles.sectionTitle}>
          {copy.stepsTitle}
        </h2>
        <StepsList
          steps={copy.steps}
          classes={{ list: styles.cards, step: styles.step, number: styles.stepNumber, title: styles.cardTitle, text: styles.cardText }}
        />
      </section>

      <section className={styles.closing} aria-labelledby="closing-title">
        <div className={`${container} ${styles.closingInner}`}>
          <h2 id="closing-title" className={styles.closingTitle}>
            {copy.closingTitle}
          </h2>
          <p className={styles.closingText}>{copy.closingText}</p>
          <SignupLink className={styles.primaryAction}>{copy.signup}</SignupLink>
        </div>
      </section>
    </main>
  );
}
