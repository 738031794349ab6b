import { useTranslation } from "react-i18next";
import type { Completeness, CompletenessStep } from "../../../server/profiles/completeness";
import { visuallyHidden } from "../../styles/visually-hidden.css";
import * as form from "../form.css";
import * as styles from "./completeness.css";

/** Where on the page each step is done. */
const TARGETS: Record<CompletenessStep, string> = {
  photo: "#photos-title",
  about_me: "#about-me",
  interests: "#interests-title",
  location: "#location-city",
  basics: "#profile-gender",
  looks: "#profile-hair_colour",
  relationship: "#profile-relationship_status",
};

/** How complete the profile is (worked out by the server) and the one thing to add next. */
export function CompletenessMeter({ completeness }: { completeness: Completeness }) {
  const { t } = useTranslation("members");
  const { percent, next, steps } = completeness;
  return (
    <section className={styles.meter} aria-labelledby="completeness-title">
      <div className={styles.head}>
        <h2 id="completeness-title" className={styles.title}>
          {t("edit.completeness.title", { percent })}
        </h2>
        <span className={styles.percent} aria-hidden="true">
          {t("edit.completeness.percent", { percent })}
        </span>
      </div>
      <div className={styles.track} role="progressbar" aria-labelledby="completeness-title" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={t("edit.completeness.percent", { percent })}>
        <div className={styles.fill} style={{ width: `${percent}%` }} />
      </div>
      {next ? (
        <div className={styles.next}>
          <p className={styles.nextText}>
            <strong>{t(`edit.completeness.next.${next}`)}</strong> {t(`edit.completeness.why.${next}`)}
          </p>
          <a href={TARGETS[next]} className={form.link}>
            {t("edit.completeness.go")}
          </a>
        </div>
      ) : (
        <p className={form.hint}>{t("edit.completeness.done")}</p>
      )}
      <ul className={styles.steps} aria-label={t("edit.completeness.steps")}>
        {steps.map(({ step, done }) => (
          <li key={step} className={done ? styles.stepDone : styles.step}>
            <span aria-hidden="true">{done ? "✓" : "○"}</span> {t(`edit.completeness.step.${step}`)}
            <span className={visuallyHidden}>{done ? t("edit.completeness.stepDone") : t("edit.completeness.stepOpen")}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
