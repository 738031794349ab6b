import type { ReactNode } from "react";
import * as styles from "./gift-art.css";

/** A small four-pointed sparkle in the accent colour. */
const sparkle = (x: number, y: number, size: number) => (
  <path className={styles.accent} d={`M${x} ${y - size}l${size * 0.3} ${size * 0.7} ${size * 0.7} ${size * 0.3}-${size * 0.7} ${size * 0.3}-${size * 0.3} ${size * 0.7}-${size * 0.3}-${size * 0.7}-${size * 0.7}-${size * 0.3} ${size * 0.7}-${size * 0.3}z`} />
);

/** The gifts of the chat (server/chat/pricing.ts), drawn in the brand's own colours. */
const ART: Record<string, ReactNode> = {
  rose: (
    <>
      <path className={styles.stem} d="M24 26c0 6-1 12 0 18" />
      <path className={styles.leaf} d="M24 37c-6-1-9-5-8.5-9 5 .8 8.3 4 8.5 9zM24 34c4-4 8-4.5 10-3-3 3.6-6.4 4.2-10 3z" />
      <path className={styles.primary} d="M13 16c0-6.5 5-10.5 11-8.5 6-2 11 2 11 8.5 0 7-5 11.5-11 11.5S13 23 13 16z" />
      <path className={styles.strong} d="M17.5 15.5c2-4.5 11-4.5 13 0-3.5-2-9.5-2-13 0zM24 27.5c-5 0-9-3.5-10.3-8 3 3.5 6.5 5 10.3 5s7.3-1.5 10.3-5C33 24 29 27.5 24 27.5z" />
      <path className={styles.line} d="M24 11.5c3 0 4 4 1 5s-4.5-3-1.5-3.3" />
      <path className={styles.shine} d="M16.5 14.5c.5-3 2.5-5 5-5.5-1.5 1.5-2.5 3.5-2.7 6z" />
    </>
  ),
  heart: (
    <>
      <path className={styles.primary} d="M24 41C10 31 5 24 5 16.5 5 10.5 9.5 6 15 6c4 0 7 2.5 9 5.5C26 8.5 29 6 33 6c5.5 0 10 4.5 10 10.5C43 24 38 31 24 41z" />
      <path className={styles.strong} d="M43 16.5C43 24 38 31 24 41c9-8 14-15 14-21.5 0-4-1.5-7.5-4.5-9.5 5.3.4 9.5 4.8 9.5 10.5z" />
      <ellipse className={styles.shine} cx="13.5" cy="14.5" rx="4.5" ry="2.6" transform="rotate(-40 13.5 14.5)" />
      {sparkle(40, 7, 4)}
    </>
  ),
  kiss: (
    <>
      <path className={styles.primary} d="M5 25c4.5-6.5 9.5-11.5 14-10.8 2 .3 3.7 1.6 5 2.8 1.3-1.2 3-2.5 5-2.8 4.5-.7 9.5 4.3 14 10.8-7-1-13.3-.4-19 .7C18.3 24.6 12 24 5 25z" />
      <path className={styles.strong} d="M5 25c6.5.8 12.8 1.6 19 1.6S36.5 25.8 43 25c-4 7-11 11-19 11S9 32 5 25z" />
      <ellipse className={styles.shine} cx="29" cy="30.5" rx="4.5" ry="1.5" />
      {sparkle(39, 9, 4)}
      {sparkle(9, 12, 2.6)}
    </>
  ),
  champagne: (
    <>
      <path className={styles.strong} d="M21 6h6v8c0 2 5.5 3.5 5.5 9v19a2 2 0 0 1-2 2h-13a2 2 0 0 1-2-2V23c0-5.5 5.5-7 5.5-9z" />
      <path className={styles.accent} d="M20.5 4h7v7h-7z" />
      <rect className={styles.light} x="15.5" y="26" width="17" height="10" rx="1.5" />
      <rect className={styles.primary} x="15.5" y="29" width="17" height="3.5" />
      <path className={styles.shine} d="M18.5 22.5c0-2.5 1.8-4 3.5-5-1 1.6-1.5 3-1.5 5v18h-2z" />
      <circle className={styles.accent} cx="33" cy="7" r="1.6" />
      <circle className={styles.accent} cx="36.5" cy="11.5" r="1.1" />
      <circle className={styles.accent} cx="31.5" cy="2.5" r="1" />
    </>
  ),
  teddy: (
    <>
      <circle className={styles.accent} cx="14.5" cy="10.5" r="4.5" />
      <circle className={styles.accent} cx="33.5" cy="10.5" r="4.5" />
      <circle className={styles.primary} cx="14.5" cy="10.5" r="2.2" />
      <circle className={styles.primary} cx="33.5" cy="10.5" r="2.2" />
      <ellipse className={styles.accent} cx="13.5" cy="34" rx="3.6" ry="5.5" />
      <ellipse className={styles.accent} cx="34.5" cy="34" rx="3.6" ry="5.5" />
      <ellipse className={styles.accent} cx="24" cy="36.5" rx="11" ry="9" />
      <ellipse className={styles.light} cx="24" cy="38" rx="6" ry="5" />
      <circle className={styles.accent} cx="24" cy="18" r="10.5" />
      <ellipse className={styles.light} cx="24" cy="22" rx="5" ry="3.8" />
      <ellipse className={styles.ink} cx="24" cy="20.3" rx="1.8" ry="1.3" />
      <circle className={styles.ink} cx="19.8" cy="16" r="1.4" />
      <circle className={styles.ink} cx="28.2" cy="16" r="1.4" />
      <path className={styles.primary} d="M19 28l5 2.5 5-2.5v5l-5-2.5-5 2.5z" />
      <path className={styles.primary} d="M24 42c-2.6-1.8-4-3.2-4-4.8 0-1.2.9-2 2-2 .9 0 1.5.5 2 1.2.5-.7 1.1-1.2 2-1.2 1.1 0 2 .8 2 2 0 1.6-1.4 3-4 4.8z" />
    </>
  ),
  diamond: (
    <>
      <path className={styles.primary} d="M12 9h24l8 10-20 24L4 19z" />
      <path className={styles.strong} d="M4 19h40L24 43z" />
      <path className={styles.primary} d="M17.5 19h13L24 43z" />
      <path className={styles.shine} d="M12 9l5.5 10H4zM17.5 19L24 9l6.5 10z" />
      <path className={styles.accent} d="M36 9l-5.5 10H44z" />
      {sparkle(41, 6, 4)}
      {sparkle(7, 34, 3)}
    </>
  ),
};

/** The wrapped box when a gift has no drawing of its own (one added to the list later). */
const FALLBACK: ReactNode = (
  <>
    <path className={styles.primary} d="M7 20h34v22a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2z" />
    <path className={styles.strong} d="M5 14h38v8H5z" />
    <path className={styles.accent} d="M21 14h6v30h-6zM24 14c-3-7-11-8-11-3.5S20 14 24 14zm0 0c3-7 11-8 11-3.5S28 14 24 14z" />
  </>
);

/** A gift's illustration; decorative, since its name is always written next to it. */
export function GiftArt({ gift, size = "large" }: { gift: string; size?: "large" | "small" }) {
  return (
    <svg className={size === "small" ? styles.small : styles.art} viewBox="0 0 48 48" aria-hidden="true" focusable="false" data-gift-art={gift}>
      {ART[gift] ?? FALLBACK}
    </svg>
  );
}
