import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { localeCookie } from "../../server/http/cookies";
import { LANGUAGE_NAMES, type Language } from "../../server/i18n/languages";
import { setMemberLanguage } from "../../server/accounts/member";
import { safeRedirect } from "../lib/safe-redirect";
import * as styles from "./lang-config.css";


export async function loader({ context }: LoaderFunctionArgs) {
  return {
    current: context.language,
    languages: context.visibleLanguages.map((code) => ({ code, name: LANGUAGE_NAMES[code] })),
    title: context.t("language.title"),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** Stores the chosen language for a year (§9), if the site shows it to this visitor, and on the member's account. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const language = form.get("language");
  if (!context.visibleLanguages.includes(language as Language)) {
    return new Response(context.t("language.unavailable"), { status: 400 });
  }
  if (context.member) await setMemberLanguage(context.services.store.db, { member: context.member, language: String(language) });
  return redirect(safeRedirect(form.get("redirectTo")), { headers: { "Set-Cookie": localeCookie(String(language)) } });
}

/** The language page: every language this visitor may choose, as buttons that work without JavaScript. */
export default function LanguageConfig() {
  const { current, languages, title } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main id="main" className={styles.page}>
      <h1>{title}</h1>
      <Form method="post" reloadDocument className={styles.list}>
        <input type="hidden" name="redirectTo" value="/" />
        {languages.map((language) => (
          <button
            key={language.code}
            type="submit"
            name="language"
            value={language.code}
            lang={language.code}
            aria-pressed={language.code === current}
            className={styles.choice}
          >
            {language.name}
          </button>
        ))}
      </Form>
      <p className={styles.hint}>{t("language.hint")}</p>
    </main>
  );
}
