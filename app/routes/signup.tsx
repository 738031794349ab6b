import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { loadProfileOf } from "../../server/profiles/profile";
import * as styles from "../components/form.css";
import { SignupForm } from "../components/signup/signup-form";
import { redirectMembersHome } from "../lib/auth.server";
import { accountMeta } from "../lib/meta";
import { readSignupIntent } from "../lib/signup-reason";
import { returnPath, signupFormAction } from "../lib/signup.server";

export const handle = { i18n: ["account"] };
export const meta = accountMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  redirectMembersHome(context);
  const query = new URL(request.url).searchParams;
  // "Sign up free to like Kees": the name is the member's own, found as their profile is.
  const reason = readSignupIntent(query);
  const profile = reason && (await loadProfileOf(context.services.store.db, { site: context.site, profileId: reason.profileId, today: context.today }));
  return {
    title: profile ? context.t(`account:signup.reason.${reason.intent}`, { name: profile.name }) : context.t("account:signup.title"),
    redirectTo: returnPath(query.get("redirectTo")),
  };
}

export const action = ({ request, context }: ActionFunctionArgs) => signupFormAction(request, context);

/** The signup page: what phones (and visitors without JavaScript) see instead of the modal (§2). */
export default function Signup() {
  const { title, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.heading}>{title}</h1>
      <p className={styles.lead}>{t("signup.lead")}</p>
      <SignupForm serverResult={actionData?.result} redirectTo={redirectTo} />
      <div className={styles.links}>
        <Link to={redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login"} className={styles.link}>
          {t("signup.haveAccount")}
        </Link>
      </div>
    </main>
  );
}
