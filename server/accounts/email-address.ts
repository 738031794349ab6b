import emailSpellChecker, { POPULAR_DOMAINS } from "@zootools/email-spell-checker";

// Providers of the brands' countries that the library's (mostly US) list lacks.
const REGIONAL_DOMAINS = [
  "ziggo.nl", "kpnmail.nl", "hetnet.nl", "planet.nl", "home.nl", "live.nl", "hotmail.nl", "telenet.be", "skynet.be",
  "web.de", "gmx.de", "gmx.at", "t-online.de", "freenet.de", "bluewin.ch", "libero.it", "orange.fr", "wp.pl", "o2.pl",
  "onet.pl", "interia.pl", "live.se", "telia.com", "online.no", "hotmail.co.uk", "btinternet.com", "sky.com",
];
const DOMAINS = [...POPULAR_DOMAINS, ...REGIONAL_DOMAINS];

/** The form of an address accounts are stored and matched by. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A likely intended address for a mistyped domain ("gmial.com"), or undefined. */
export function suggestEmail(email: string): string | undefined {
  const normalized = normalizeEmail(email);
  if (!/^[^@\s]+@[^@\s]+$/.test(normalized)) return undefined;
  const suggestion = emailSpellChecker.run({ email: normalized, domains: DOMAINS });
  return suggestion && suggestion.full !== normalized ? suggestion.full : undefined;
}

/**
 * An address shown to someone who may not own it (the old mailbox after a change): the first letter
 * of the name and of the domain, and the top-level domain, enough to recognise one's own address.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const topLevel = domain.slice(domain.lastIndexOf(".") + 1);
  return `${local.charAt(0)}***@${domain.charAt(0)}***.${topLevel}`;
}
