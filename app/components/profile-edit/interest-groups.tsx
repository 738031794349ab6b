import { useTranslation } from "react-i18next";
import type { InterestGroup, LabelledInterest } from "../../../server/profiles/interests";
import * as styles from "./profile-edit.css";

/** The site's interests as toggles, by group, each sorted by name by the server in the visitor's language. */
export function InterestGroups({ groups, chosen }: { groups: { group: InterestGroup; interests: LabelledInterest[] }[]; chosen: readonly string[] }) {
  const { t } = useTranslation("members");
  return (
    <fieldset className={styles.fieldset} aria-labelledby="interests-title">
      <legend id="interests-title" className={styles.legend}>
        {t("labels.interests")}
      </legend>
      {groups.map(({ group, interests }) => (
        <div key={group} role="group" aria-labelledby={`interests-${group}`} className={styles.interestGroup}>
          <h3 id={`interests-${group}`} className={styles.groupTitle}>
            {t(`edit.interestGroup.${group}`)}
          </h3>
          <div className={styles.toggles}>
            {interests.map(({ tag, label }) => (
              <span key={tag} className={styles.toggle}>
                <input type="checkbox" name="interests" value={tag} id={`interest-${tag}`} defaultChecked={chosen.includes(tag)} className={styles.toggleInput} />
                <label htmlFor={`interest-${tag}`} className={styles.toggleLabel}>
                  {label}
                </label>
              </span>
            ))}
          </div>
        </div>
      ))}
    </fieldset>
  );
}
