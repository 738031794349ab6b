import type { homeCopy } from "../../lib/home.server";
import type { landerMembers } from "../../lib/lander-members.server";
import { container } from "../../styles/grid.css";
import { visuallyHidden } from "../../styles/visually-hidden.css";
import * as styles from "../../routes/lander.css";
import { SignupLink } from "../signup/signup-modal";
import { ClosingBand } from "../home/closing-band";
import { StepsList } from "../home/steps-list";
import { TrustList } from "../home/trust-list";

/** What every lander's loader makes for these sections (lander-page.server.ts): the niche's words, its art, the signup bonus. */
export type LanderBasics = { copy: ReturnType<typeof homeCopy>; art: string; signupCredits: string | undefined };

/** The brand's promise as the page opens: whom it is for, the headline, the lead, the way in and the signup bonus. */
export function HeroCopy({
  data,
  title = data.copy.title,
  lead = data.copy.lead,
  classes = {},
}: {
  data: LanderBasics;
  title?: string;
  lead?: string;
  classes?: { eyebrow?: string; title?: string; lead?: string };
}) {
  return (
    <>
      <p className={classes.eyebrow ?? styles.eyebrow}>{data.copy.eyebrow}</p>
      <h1 id="lander-title" className={classes.title ?? styles.title}>
        {title}
      </h1>
      <p className={classes.lead ?? styles.lead}>{lead}</p>
      <SignupLink className={styles.primaryAction}>{data.copy.signup}</SignupLink>
      {data.signupCredits ? <p className={styles.bonus}>{data.signupCredits}</p> : null}
    </>
  );
}

/** The brand's newest members under the niche's heading, as tiles. */
export function NewestMembers({ data }: { data: LanderBasics & { members: LanderMember[]; fictionalWarning: string | undefined } }) {
  return (
    <section className={`${container} ${styles.section}`} aria-labelledby="members-title">
      <h2 id="members-title" className={styles.sectionTitle}>
        {data.copy.membersTitle}
      </h2>
      <MemberTiles members={data.members} fictionalWarning={data.fictionalWarning} />
    </section>
  );
}

/** The niche's three reasons to trust the brand, under their heading. */
export function TrustPoints({ data }: { data: LanderBasics }) {
  const { copy } = data;
  return (
    <section className={`${container} ${styles.section}`} aria-labelledby="trust-title">
      <h2 id="trust-title" className={styles.sectionTitle}>
        {copy.trustTitle}
      </h2>
      <TrustList
        points={copy.trust}
        art={data.art}
        classes={{ list: styles.cards, point: styles.card, icon: styles.icon, title: styles.cardTitle, text: styles.cardText }}
      />
    </section>
  );
}

/** The three steps from visitor to first message, numbered. */
export function Steps({ data }: { data: LanderBasics }) {
  const { copy } = data;
  return (
    <section className={`${container} ${styles.section}`} aria-labelledby="steps-title">
      <h2 id="steps-title" className={styles.sectionTitle}>
        {copy.stepsTitle}
      </h2>
      <StepsList steps={copy.steps} classes={{ list: styles.cards, step: styles.card, number: styles.stepNumber, title: styles.cardTitle, text: styles.cardText }} />
    </section>
  );
}

/** The brand's promise on a card of its own (the collage's, the feed's, the story's): who it is for, the way in, what it promises. */
export function BrandCard({ data, titleClass, leadClass }: { data: LanderBasics; titleClass: string; leadClass: string }) {
  const { copy } = data;
  return (
    <>
      <p className={styles.cardEyebrow}>{copy.eyebrow}</p>
      <h1 id="lander-title" className={titleClass}>
        {copy.title}
      </h1>
      <p className={leadClass}>{copy.lead}</p>
      <SignupLink className={styles.cardAction}>{copy.signup}</SignupLink>
      <ul className={styles.promises}>
        {copy.promises.map((promise) => (
          <li key={promise} className={styles.promise}>
            {promise}
          </li>
        ))}
      </ul>
      {data.signupCredits ? <p className={styles.cardBonus}>{data.signupCredits}</p> : null}
    </>
  );
}

/** The last call to sign up, on the brand's colour. */
export function Closing({ data }: { data: LanderBasics }) {
  return (
    <ClosingBand
      copy={data.copy}
      classes={{ band: styles.closing, inner: styles.closingInner, title: styles.closingTitle, text: styles.closingText, action: styles.primaryAction }}
    />
  );
}

type LanderMember = ReturnType<typeof landerMembers>[number];

/** Members as photo tiles with name, age and town; a tap signs up to like that member ("Sign up free to like Kees"). */
export function MemberTiles({ members, fictionalWarning }: { members: LanderMember[]; fictionalWarning: string | undefined }) {
  return (
    <>
      <ul className={styles.tiles}>
        {members.map((member) => (
          <li key={member.id}>
            <SignupLink className={styles.tile} reason={{ intent: "like", profileId: member.id, name: member.name }}>
              <img src={member.photo} alt="" width={400} height={400} loading="lazy" decoding="async" className={styles.tilePhoto} />
              {member.fictional ? <span className={styles.fictional}>{member.fictional}</span> : null}
              <span className={styles.tileText}>
                <span className={styles.tileName}>{member.nameAge}</span>
                <span className={styles.tilePlace}>{member.place}</span>
                <span className={visuallyHidden}>{member.likeLabel}</span>
              </span>
              <span className={styles.heart} aria-hidden="true">
                <svg viewBox="0 0 24 24" width="20" height="20" focusable="false">
                  <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.1 0 3.7 1.1 5.2 3 1.5-1.9 3.1-3 5.2-3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21Z" fill="currentColor" />
                </svg>
              </span>
            </SignupLink>
          </li>
        ))}
      </ul>
      {fictionalWarning ? <p className={styles.fictionalWarning}>{fictionalWarning}</p> : null}
    </>
  );
}
