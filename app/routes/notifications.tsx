import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { enableEmailNotifications } from "../../server/banners/notifications";
import { preferenceField, readPreferencesForm } from "../../server/notifications/preferences-form";
import { CHANNELS, loadPreferences, savePreferences, type NotificationKind } from "../../server/notifications/preferences";
import { PreferencesForm, type PreferenceGroup } from "../components/notifications/preferences-form";
import { EmailNotificationStatus, PushSettings } from "../components/settings/notification-settings";
import { requireMember } from "../lib/auth.server";
import { accountMeta } from "../lib/meta";
import * as settings from "./settings.css";
import * as styles from "./notifications.css";

export const handle = { i18n: ["notifications", "settings", "banners"] };
export const meta = accountMeta;

/** The switches of §3 in the groups a member looks for them in. */
const GROUPS: { name: PreferenceGroup["name"]; kinds: NotificationKind[] }[] = [
  { name: "messages", kinds: ["new_conversations", "new_messages", "unread_message_reminders"] },
  { name: "likes", kinds: ["like"] },
  { name: "reminders", kinds: ["reminders", "weekly_updates"] },
  { name: "offers", kinds: ["promotions", "news"] },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request);
  const preferences = await loadPreferences(context.services.store.db, { siteId: member.siteId, accountId: member.accountId });
  if (!preferences) throw new Response(context.t("errors.generic"), { status: 404 });
  return {
    title: context.t("notifications:title"),
    email: member.email,
    notificationsDisabled: member.notificationsDisabled,
    groups: GROUPS.map(({ name, kinds }) => ({
      name,
      kinds: kinds.map((kind) => ({
        kind,
        switches: CHANNELS.map((channel) => ({ channel, field: preferenceField(kind, channel), on: preferences[kind][channel] })),
      })),
    })) satisfies PreferenceGroup[],
  };
}

/**
 * The preferences form is saved whole in one statement (sending it twice leaves the same rows);
 * the e-mail form turns e-mails on again after a bounce, spam report or unsubscribe.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const member = requireMember(context, request);
  const formData = await request.formData();
  const db = context.services.store.db;
  switch (formData.get("intent")) {
    case "preferences": {
      formData.delete("intent");
      const preferences = readPreferencesForm(formData);
      if (!preferences) return { section: "preferences" as const, saved: false };
      await savePreferences(db, { siteId: member.siteId, accountId: member.accountId, preferences });
      return { section: "preferences" as const, saved: true };
    }
    case "email-notifications":
      await enableEmailNotifications(db, { siteId: member.siteId, accountId: member.accountId });
      return { section: "email" as const, saved: true };
    default:
      throw new Response(context.t("errors.generic"), { status: 400, headers: { "Cache-Control": "no-store" } });
  }
}

/** /notifications (§2, §3): what the member is told about, by e-mail and push, and whether e-mail and push reach them. */
export default function Notifications() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("notifications");
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;

  return (
    <main id="main" className={settings.page}>
      <header className={settings.header}>
        <h1 className={settings.heading}>{data.title}</h1>
        <p className={settings.lead}>{t("lead")}</p>
      </header>
      <div className={styles.sections}>
        <PreferencesForm groups={data.groups} answer={answer?.section === "preferences" ? answer.saved : undefined} busy={busy("preferences")} />
        <section aria-labelledby="email-title" className={settings.card}>
          <h2 id="email-title" className={settings.cardTitle}>
            {t("preferences.email")}
          </h2>
          <EmailNotificationStatus
            email={data.email}
            notificationsDisabled={data.notificationsDisabled}
            emailsTurnedOn={answer?.section === "email"}
            busy={busy("email-notifications")}
          />
        </section>
        <section aria-labelledby="push-title" className={settings.card}>
          <h2 id="push-title" className={settings.cardTitle}>
            {t("push.title")}
          </h2>
          <PushSettings detailed />
        </section>
      </div>
    </main>
  );
}
