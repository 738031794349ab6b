import type { TFunction } from "i18next";
import { brandMark } from "../../themes/resolve";
import type { Site } from "../sites/schema";
import type { MailMessage } from "./transport";
import { escapeMarkup } from "../escape-markup";

export type LinkMailKind = "activation" | "passwordReset" | "mailChange" | "reactivation";

/** Who a mail goes to, in which brand and language. */
export type Recipient = {
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

/** A member shown in a mail (weekly updates): photo, name and a line about them, linking to the profile. */
export type MailCard = { name: string; detail: string; photo: string | null; link: string };

type BrandedMail = {
  site: Site;
  language: string;
  origin: string;
  to: string;
  subject: string;
  greeting: string;
  intro: string;
  /** Paragraphs after the intro (a mailing's text), each as written. */
  paragraphs?: string[];
  cards?: MailCard[];
  /** A button with its link; a single-use link also says how long it works, and is repeated as text. */
  action?: { button: string; link: string; validity?: string; linkNote?: string };
  closing: string;
  reason: string;
  /**
   * Every mail that is not transactional (§3 notifications, reminders, mailings): a visible link in the
   * footer and the RFC 8058 one-click headers, so mail programs offer their own unsubscribe button.
   */
  unsubscribe?: { link: string; text: string };
};

const cardsHtml = (cards: MailCard[]) =>
  cards
    .map(
      (card) => `<tr><td style="padding:0 0 12px;width:72px;vertical-align:top">${
        card.photo
          ? `<a href="${escapeMarkup(card.link)}"><img src="${escapeMarkup(card.photo)}" width="64" height="64" alt="${escapeMarkup(card.name)}" style="display:block;border:0;border-radius:6px;object-fit:cover"></a>`
          : ""
      }</td><td style="padding:0 0 12px 8px;vertical-align:top"><a href="${escapeMarkup(card.link)}" style="color:#1f1f24;font-weight:bold">${escapeMarkup(card.name)}</a><br><span style="font-size:14px;color:#4a4a55">${escapeMarkup(card.detail)}</span></td></tr>`,
    )
    .join("\n");

/** The brand's mail layout: its name, colours and logo, an HTML and a plain text part. */
export function brandedMail({ site, language, origin, to, subject, greeting, intro, paragraphs = [], cards = [], action, closing, reason, unsubscribe }: BrandedMail): MailMessage {
  const { markColor, markText } = brandMark(site.theme, site.theme_overrides);
  const company = [site.company.name, site.company.address, site.company.city].filter(Boolean).join(", ");
  const footer = `${site.name} · ${company} · ${site.support_email}`;

  const plainAction = action ? [`${action.button}: ${action.link}`, ...(action.validity ? [action.validity] : []), ""] : [];
  const plainParagraphs = paragraphs.flatMap((paragraph) => [paragraph, ""]);
  const plainCards = cards.flatMap((card) => [`${card.name}, ${card.detail}: ${card.link}`]);
  const plainUnsubscribe = unsubscribe ? [`${unsubscribe.text}: ${unsubscribe.link}`] : [];
  const plain = [
    greeting,
    "",
    intro,
    "",
    ...plainParagraphs,
    ...(plainCards.length > 0 ? [...plainCards, ""] : []),
    ...plainAction,
    closing,
    "",
    "-- ",
    reason,
    ...plainUnsubscribe,
    footer,
  ].join("\n");
  const htmlAction = action
    ? `<p style="margin:0 0 24px"><a href="${escapeMarkup(action.link)}" style="display:inline-block;background:${markColor};color:${markText};font-size:19px;font-weight:bold;padding:12px 24px;border-radius:6px;text-decoration:none">${escapeMarkup(action.button)}</a></p>
${
  action.validity
    ? `<p style="margin:0 0 16px;font-size:14px;color:#4a4a55">${escapeMarkup(action.validity)} ${escapeMarkup(action.linkNote ?? "")}<br><a href="${escapeMarkup(action.link)}" style="color:#1f1f24;word-break:break-all">${escapeMarkup(action.link)}</a></p>
`
    : ""
}`
    : "";
  const htmlParagraphs = paragraphs.map((paragraph) => `<p style="margin:0 0 16px;white-space:pre-line">${escapeMarkup(paragraph)}</p>\n`).join("");
  const htmlCards = cards.length > 0 ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px">${cardsHtml(cards)}</table>\n` : "";
  const htmlUnsubscribe = unsubscribe ? `<br><a href="${escapeMarkup(unsubscribe.link)}" style="color:#5c5c66">${escapeMarkup(unsubscribe.text)}</a>` : "";
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeMarkup(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f3f5;font-family:Arial,Helvetica,sans-serif;color:#1f1f24">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${markColor};padding:16px 24px;color:${markText};font-size:22px;font-weight:bold">
<img src="${origin}/logo.png" width="32" height="32" alt="" style="vertical-align:middle;border:0;margin-right:8px">${escapeMarkup(site.name)}</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5">
<p style="margin:0 0 16px">${escapeMarkup(greeting)}</p>
<p style="margin:0 0 24px">${escapeMarkup(intro)}</p>
${htmlParagraphs}${htmlCards}${htmlAction}<p style="margin:0;font-size:14px;color:#4a4a55">${escapeMarkup(closing)}</p>
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e4e4ea;font-size:12px;color:#5c5c66">${escapeMarkup(reason)}${htmlUnsubscribe}<br>${escapeMarkup(footer)}</td></tr>
</table></td></tr></table></body></html>`;

  return {
    to,
    from: `"${site.mail_name.replace(/"/g, "")}" <no-reply@${site.domains[0]}>`,
    subject,
    text: plain,
    html,
    headers: {
      "Auto-Submitted": "auto-generated",
      "Content-Language": language,
      ...(unsubscribe ? { "List-Unsubscribe": `<${unsubscribe.link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : {}),
    },
  };
}
