import { SCENE_SIZE } from "../../art/home/scene";
import type { HomeData } from "../../routes/index";
import { container } from "../../styles/grid.css";
import * as styles from "./classic-home.css";
import { ClosingBand } from "./closing-band";
import { MemberStrip } from "./member-strip";
import { HeroCopy } from "./hero-copy";
import { StepsList } from "./steps-list";
import { TrustList } from "./trust-list";

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
          <TrustList
            points={copy.trust}
            art={art}
            classes={{ list: styles.cards, point: styles.card, icon: styles.icon, title: styles.cardTitle, text: styles.cardText }}
          />
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

      <ClosingBand
        copy={copy}
        classes={{ band: styles.closing, inner: styles.closingInner, title: styles.closingTitle, text: styles.closingText, action: styles.primaryAction }}
      />
    </main>
  );
}
