import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Gender } from "../../../server/db/schema";
import { defaultSeeking, gendersOn, isAllowed, SEEKING, seekingOn, startToMeet, type Seeking } from "../../../server/accounts/looking-for";
import type { NicheName } from "../../../server/sites/schema";
import { useHydrated } from "../../lib/use-hydrated";
import { Messages } from "../form-field";
import * as styles from "./signup.css";

type LookingForFieldsProps = {
  niche: NicheName;
  brandName: string;
  gender: FieldMetadata<string | undefined>;
  lookingFor: FieldMetadata<string | undefined>;
  autoFocus?: boolean;
  /** The gender of the member the visitor came to meet, if any: the form starts looking for them. */
  toMeet?: Gender;
};

const isGender = (value: unknown): value is Gender => value === "male" || value === "female";
const isSeeking = (value: unknown): value is Seeking => SEEKING.includes(value as Seeking);

/**
 * "I am a … looking for a …" (decision 027): two rows of choices, starting from the visitor the
 * brand is made for. Choosing one's gender picks what most of them look for, until the visitor
 * picks that themselves; a choice the brand is not for is greyed out once the page runs (without
 * JavaScript, the server says so).
 */
export function LookingForFields({ niche, brandName, gender: genderField, lookingFor: seekingField, autoFocus, toMeet }: LookingForFieldsProps) {
  const { t } = useTranslation("account");
  const hydrated = useHydrated();
  const start = startToMeet(niche, toMeet);
  const [gender, setGender] = useState<Gender>(isGender(genderField.initialValue) ? genderField.initialValue : start.gender);
  const [seeking, setSeeking] = useState<Seeking>(isSeeking(seekingField.initialValue) ? seekingField.initialValue : start.seeking);
  const [seekingChosen, setSeekingChosen] = useState(false);

  const chooseGender = (chosen: Gender) => {
    setGender(chosen);
    if (!seekingChosen || !isAllowed(niche, { gender: chosen, seeking })) setSeeking(defaultSeeking(niche, chosen));
  };
  const describedBy = (field: FieldMetadata<string | undefined>) => (field.errors?.length ? field.errorId : undefined);

  return (
    <div className={styles.lookingFor}>
      <fieldset className={styles.choiceGroup} aria-describedby={describedBy(genderField)}>
        <legend className={styles.choiceLegend}>{t("signup.iAm")}</legend>
        <div className={styles.pills}>
          {gendersOn(niche).map((value) => (
            <label key={value} className={styles.pill}>
              <input
                type="radio"
                name={genderField.name}
                value={value}
                checked={gender === value}
                onChange={() => chooseGender(value)}
                className={styles.pillInput}
                autoFocus={autoFocus && gender === value}
              />
              {t(`signup.gender.${value}`)}
            </label>
          ))}
        </div>
        <Messages id={genderField.errorId} messages={genderField.errors} values={{ name: brandName }} />
      </fieldset>
      <fieldset className={styles.choiceGroup} aria-describedby={describedBy(seekingField)}>
        <legend className={styles.choiceLegend}>{t("signup.lookingFor")}</legend>
        <div className={styles.pills}>
          {seekingOn(niche).map((value) => (
            <label key={value} className={styles.pill}>
              <input
                type="radio"
                name={seekingField.name}
                value={value}
                checked={seeking === value}
                disabled={hydrated && !isAllowed(niche, { gender, seeking: value })}
                onChange={() => {
                  setSeeking(value);
                  setSeekingChosen(true);
                }}
                className={styles.pillInput}
              />
              {t(`signup.seeking.${value}`)}
            </label>
          ))}
        </div>
        <Messages id={seekingField.errorId} messages={seekingField.errors} values={{ name: brandName }} />
      </fieldset>
    </div>
  );
}
