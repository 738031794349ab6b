import type { TFunction } from "i18next";
import { BRAND_MARKS } from "../../themes/marks";
import type { Site } from "../sites/schema";
import type { MailMessage } from "./transport";

export type LinkMailKind = "activation" | "passwordReset" | "mailChange";

type LinkMail = {
  kind: LinkMailKind;
  site: Site;
  /** Translates into the recipient's language. */
  t: TFunction;
  language: string;
  /** The address the visitor used (https://brand.example), so links open on the same brand. */
  origin: string;
  to: string;
  name: string;
  link: string;
  /** How long the link works, as the text says it. */
  validFor: { days: number } | { hours: number };
};

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] as string);

/** An e-mail carrying one single-use link, in the brand's name, colours and logo, with a text part. */
export function linkMail({ kind, site, t, language, origin, to, name, link, validFor }: LinkMail): MailMessage {
  const { markColor } = BRAND_MARKS[site.theme];
  const vars = { site: site.name, name, ...validFor };
  const text = {
    subject: t(`mail:${kind}.subject`, vars),
    greeting: t("mail:greeting", vars),
    intro: t(`mail:${kind}.intro`, vars),
    button: t(`mail:${kind}.button`, vars),
    validity: t("days" in validFor ? "mail:validDays" : "mail:validHours", vars),
    ignore: t(`mail:${kind}.ignore`, vars),
    linkNote: t("mail:linkNote"),
    reason: t("mail:reason", vars),
  };
  const company = [site.company.name, site.company.address, site.company.city].filter(Boolean).join(", ");
  const footer = `${site.name} · ${company} · ${site.support_email}`;

  const plain = [text.greeting, "", text.intro, "", `${text.button}: ${link}`, text.validity, "", text.ignore, "", "-- ", text.reason, footer].join("\n");
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(text.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f3f5;font-family:Arial,Helvetica,sans-serif;color:#1f1f24">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${markColor};padding:16px 24px;color:#ffffff;font-size:22px;font-weight:bold">
<img src="${origin}/logo.png" width="32" height="32" alt="" style="vertical-align:middle;border:0;margin-right:8px">${escape(site.name)}</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5">
<p style="margin:0 0 16px">${escape(text.greeting)}</p>
<p style="margin:0 0 24px">${escape(text.intro)}</p>
<p style="margin:0 0 24px"><a href="${escape(link)}" style="display:inline-block;background:${markColor};color:#ffffff;font-size:19px;font-weight:bold;padding:12px 24px;border-radius:6px;text-decoration:none">${escape(text.button)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#4a4a55">${escape(text.validity)} ${escape(text.linkNote)}<br><a href="${escape(link)}" style="color:#1f1f24;word-break:break-all">${escape(link)}</a></p>
<p style="margin:0;font-size:14px;color:#4a4a55">${escape(text.ignore)}</p>
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e4e4ea;font-size:12px;color:#5c5c66">${escape(text.reason)}<br>${escape(footer)}</td></tr>
</table></td></tr></table></body></html>`;

  return {
    to,
    from: `"${site.mail_name.replace(/"/g, "")}" <no-reply@${site.domains[0]}>`,
    subject: text.subject,
    text: plain,
    html,
    headers: { "Auto-Submitted": "auto-generated", "Content-Language": language },
  };
}
