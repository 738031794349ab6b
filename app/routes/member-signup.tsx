import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as form from "../components/form.css";
import { Logo } from "../components/logo";
import { pill } from "../components/member/landing-presence.css";
import { SignupForm } from "../components/signup/signup-form";
import { FETCH_FIRST } from "../lib/fetch-priority";
import { landingMember } from "../lib/landing-member.server";
import { accountMeta } from "../lib/meta";
import { signupFormAction } from "../lib/signup.server";
import * as styles from "./member-signup.css";

export const handle = { i18n: ["account"] };
export const meta = accountMeta;

/**
 * /members/{id}/signup (§2, issue 20): the signup with the member an ad showed beside it; once the
 * account is active, the new member lands in that member's chat. Without a member visitors may
 * find here, it is the plain signup. Signed-in members go straight to the chat.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const member = await landingMember(context, params.id);
  if (context.member) throw redirect(member ? `/members/${member.id}/chat` : "/members");
  const { t } = context;
  return {
    title: member ? t("members:landing.signupTitle", { name: member.name }) : t("account:signup.title"),
    lead: member ? t("members:landing.signupLead", { name: member.name }) : t("account:signup.lead"),
    member,
  };
}

export const action = ({ request, context }: ActionFunctionArgs) => signupFormAction(request, context);

export default function MemberSignup() {
  const { title, lead, member } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const chat = member ? `/members/${member.id}/chat` : undefined;
  return (
    <main id="main" className={styles.page}>
      <div className={styles.logo}>
        <Logo />
      </div>
      <div className={member ? styles.columns : styles.single}>
        {member ? (
          <aside className={styles.card} aria-label={member.nameAge}>
            {member.photo ? (
              <img src={member.photo.filename} alt={member.photoAlt} className={styles.photo} width={800} height={800} {...FETCH_FIRST} />
            ) : null}
            <div className={styles.cardText}>
              {member.presence && member.presenceLabel ? <span className={pill[member.presence]}>{member.presenceLabel}</span> : null}
              <p className={styles.name}>{member.nameAge}</p>
              {member.place ? <p className={styles.place}>{member.place}</p> : null}
              {member.aboutMe ? <p className={styles.about}>{member.aboutMe}</p> : null}
              {member.fictionalWarning ? <p className={styles.fictional}>{member.fictionalWarning}</p> : null}
            </div>
          </aside>
        ) : null}
        <section className={styles.formColumn} aria-labelledby="signup-title">
          <h1 id="signup-title" className={form.heading}>
            {title}
          </h1>
          <p className={form.lead}>{lead}</p>
          <SignupForm serverResult={actionData?.result} redirectTo={chat} forProfileId={member?.id} toMeet={member?.gender ?? undefined} action={member ? `/members/${member.id}/signup` : "/signup"} />
          <div className={form.links}>
            <Link to={chat ? `/login?${new URLSearchParams({ redirectTo: chat })}` : "/login"} className={form.link}>
              {t("signup.haveAccount")}
            </Link>
          </div>
        </section>
      </div>
    </main>
  );
}
