import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as settings from "../../routes/settings.css";
import * as page from "../../routes/notifications.css";
import { visuallyHidden } from "../../styles/visually-hidden.css";
import { useRootData } from "../../root";
import * as styles from "../form.css";

type PreferenceSwitch = { channel: "email" | "push"; field: string; on: boolean };
export type PreferenceGroup = {
  name: "messages" | "likes" | "reminders" | "offers";
  kinds: { kind: string; switches: PreferenceSwitch[] }[];
};

/**
 * Every kind of §3 with a switch for e-mail and one for push, sent as one form: a plain post
 * without JavaScript, saved whole. Each box is keyed by the stored value, so it follows a save.
 */
export function PreferencesForm({ groups, answer, busy }: { groups: PreferenceGroup[]; answer: boolean | undefined; busy: boolean }) {
  const { t } = useTranslation("notifications");
  const site = useRootData()?.site.name ?? "";
  return (
    <section aria-labelledby="preferences-title" className={settings.card}>
      <h2 id="preferences-title" className={settings.cardTitle}>
        {t("preferences.title")}
      </h2>
      <div role="status" className={settings.status}>
        {answer === undefined ? null : <p className={answer ? styles.success : styles.alert}>{answer ? t("preferences.saved") : t("preferences.invalid")}</p>}
      </div>
      <Form method="post" className={styles.form}>
        <input type="hidden" name="intent" value="preferences" />
        <div className={page.groups}>
          {groups.map((group) => (
            <fieldset key={group.name} className={page.group}>
              <legend className={page.legend}>{t(`groups.${group.name}`)}</legend>
              {group.kinds.map(({ kind, switches }) => (
                <div key={kind} className={page.kind}>
                  <div className={page.kindText}>
                    <span className={page.kindTitle}>{t(`kinds.${kind}.title`)}</span>
                    <span className={page.kindHint}>{t(`kinds.${kind}.hint`, { site })}</span>
                  </div>
                  <div className={page.switches}>
                    {switches.map((item) => (
                      <label key={`${item.field}:${String(item.on)}`} className={page.switchLabel}>
                        <input type="checkbox" name={item.field} defaultChecked={item.on} className={page.switchControl} />
                        <span>
                          <span className={visuallyHidden}>{t(`kinds.${kind}.title`)}: </span>
                          {t(`preferences.${item.channel}`)}
                        </span>
                      </label>
                    ))}
                  </div>
                </div>
              ))}
            </fieldset>
          ))}
        </div>
        <div className={settings.actions}>
          <button type="submit" className={styles.button} disabled={busy}>
            {t("preferences.submit")}
          </button>
        </div>
      </Form>
    </section>
  );
}
