import type { TFunction } from "i18next";
import { brandMark } from "../../themes/resolve";
import type { Site } from "../sites/schema";
import type { MailMessage } from "./transport";

export type LinkMailKind = "activation" | "passwordReset" | "mailChange";

/** Who a mail goes to, in which brand and language. */
type Recipient = {
  site: Site;
  /** Translates into the recipient's language. */
  t: TFunction;
  language: string;
  /** Where the mail's links and logo point (linkOrigin: the brand's own domain in production). */
  origin: string;
  to: string;
  name: string;
};

type LinkMail = Recipient & {
  kind: LinkMailKind;
  link: string;
  /** How long the link works, as the text says it. */
  validFor: { days: number } | { hours: number };
};

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] as string);

/** An e-mail carrying one single-use link, in the brand's name, colours and logo, with a text part. */
export function linkMail({ kind, site, t, language, origin, to, name, link, validFor }: LinkMail): MailMessage {
  const vars = { site: site.name, name, ...validFor };
  return brandedMail({
    site,
    language,
    origin,
    to,
    subject: t(`mail:${kind}.subject`, vars),
    greeting: t("mail:greeting", vars),
    intro: t(`mail:${kind}.intro`, vars),
    action: {
      button: t(`mail:${kind}.button`, vars),
      link,
      validity: t("days" in validFor ? "mail:validDays" : "mail:validHours", vars),
      linkNote: t("mail:linkNote"),
    },
    closing: t(`mail:${kind}.ignore`, vars),
    reason: t("mail:reason", vars),
  });
}

/**
 * Tells the old address that the account's address was changed, to a masked form of the new one,
 * and whom to write to if that was not the member. It carries no link: nothing in it may be used.
 */
export function mailChangedMail({ site, t, language, origin, to, name, maskedEmail }: Recipient & { maskedEmail: string }): MailMessage {
  const vars = { site: site.name, name, email: maskedEmail, support: site.support_email };
  return brandedMail({
    site,
    language,
    origin,
    to,
    subject: t("mail:mailChanged.subject", vars),
    greeting: t("mail:greeting", vars),
    intro: t("mail:mailChanged.intro", vars),
    closing: t("mail:mailChanged.notYou", vars),
    reason: t("mail:reason", vars),
  });
}

type BrandedMail = {
  site: Site;
  language: string;
  origin: string;
  to: string;
  subject: string;
  greeting: string;
  intro: string;
  /** A button with its link, and the link again as text for mail programs that drop buttons. */
  action?: { button: string; link: string; validity: string; linkNote: string };
  closing: string;
  reason: string;
};

/** The brand's mail layout: its name, colours and logo, an HTML and a plain text part. */
function brandedMail({ site, language, origin, to, subject, greeting, intro, action, closing, reason }: BrandedMail): MailMessage {
  const { markColor, markText } = brandMark(site.theme, site.theme_overrides);
  const company = [site.company.name, site.company.address, site.company.city].filter(Boolean).join(", ");
  const footer = `${site.name} · ${company} · ${site.support_email}`;

  const plainAction = action ? [`${action.button}: ${action.link}`, action.validity, ""] : [];
  const plain = [greeting, "", intro, "", ...plainAction, closing, "", "-- ", reason, footer].join("\n");
  const htmlAction = action
    ? `<p style="margin:0 0 24px"><a href="${escape(action.link)}" style="display:inline-block;background:${markColor};color:${markText};font-size:19px;font-weight:bold;padding:12px 24px;border-radius:6px;text-decoration:none">${escape(action.button)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#4a4a55">${escape(action.validity)} ${escape(action.linkNote)}<br><a href="${escape(action.link)}" style="color:#1f1f24;word-break:break-all">${escape(action.link)}</a></p>
`
    : "";
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f3f5;font-family:Arial,Helvetica,sans-serif;color:#1f1f24">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${markColor};padding:16px 24px;color:${markText};font-size:22px;font-weight:bold">
<img src="${origin}/logo.png" width="32" height="32" alt="" style="vertical-align:middle;border:0;margin-right:8px">${escape(site.name)}</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5">
<p style="margin:0 0 16px">${escape(greeting)}</p>
<p style="margin:0 0 24px">${escape(intro)}</p>
${htmlAction}<p style="margin:0;font-size:14px;color:#4a4a55">${escape(closing)}</p>
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e4e4ea;font-size:12px;color:#5c5c66">${escape(reason)}<br>${escape(footer)}</td></tr>
</table></td></tr></table></body></html>`;

  return {
    to,
    from: `"${site.mail_name.replace(/"/g, "")}" <no-reply@${site.domains[0]}>`,
    subject,
    text: plain,
    html,
    headers: { "Auto-Submitted": "auto-generated", "Content-Language": language },
  };
}
