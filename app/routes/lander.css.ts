import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { media } from "../../themes/breakpoints";

// The section and card type the home page set: the landers speak as the home page does.
export { cardText, cardTitle, closingText, closingTitle, sectionTitle } from "../components/home/classic-home.css";

/** The brand's hero colours, as the home page paints them; the pages of the lander layout share these styles. */
export const heroBand = style({
  background: `radial-gradient(120% 90% at 85% 10%, ${vars.color.heroTo} 0%, transparent 60%), linear-gradient(160deg, ${vars.color.heroFrom}, ${vars.color.heroTo})`,
  color: vars.color.onHero,
});

const action = {
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minHeight: "54px",
  padding: "0 1.9rem",
  borderRadius: vars.radius.pill,
  fontSize: "1.1rem",
  fontWeight: 700,
  textAlign: "center",
  textDecoration: "none",
  transition: "transform 120ms ease, box-shadow 120ms ease",
} as const;

export const primaryAction = style({
  ...action,
  background: vars.color.secondary,
  color: vars.color.onSecondary,
  boxShadow: "0 8px 24px rgba(0, 0, 0, 0.22)",
  selectors: { "&:hover": { transform: "translateY(-1px)", boxShadow: "0 10px 28px rgba(0, 0, 0, 0.28)" } },
});

export const eyebrow = style({
  margin: 0,
  padding: "0.3rem 0.8rem",
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.onHero}`,
  fontSize: "0.85rem",
  fontWeight: 700,
  letterSpacing: "0.04em",
  textTransform: "uppercase",
});

export const title = style({ margin: 0, fontSize: "clamp(2.1rem, 1.5rem + 2.6vw, 3.4rem)", lineHeight: 1.07, letterSpacing: "-0.01em", textWrap: "balance" });
export const lead = style({ margin: 0, maxWidth: "36rem", fontSize: "1.15rem", lineHeight: 1.55 });
export const bonus = style({ margin: 0, fontWeight: 600 });

export const section = style({ paddingBlock: "2.5rem", "@media": { [media.md]: { paddingBlock: "3.75rem" } } });

export const fictional = style({
  position: "absolute",
  top: "0.6rem",
  right: "0.6rem",
  padding: "0.15rem 0.55rem",
  borderRadius: vars.radius.pill,
  background: "rgba(20, 16, 18, 0.78)",
  color: "#fff",
  fontSize: "0.75rem",
  fontWeight: 700,
});
export const fictionalWarning = style({ margin: "1rem auto 0", color: vars.color.textMuted, fontSize: "0.9rem" });

// Gallery (/landers/gallery).

export const galleryHero = style([heroBand, { paddingBlock: "2rem 2.5rem", "@media": { [media.md]: { paddingBlock: "3.5rem 4rem" } } }]);
export const galleryHeroInner = style({ display: "grid", gap: "1.1rem", justifyItems: "start", "@media": { [media.md]: { justifyItems: "center", textAlign: "center" } } });

export const tiles = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: "0.75rem",
  margin: 0,
  padding: 0,
  listStyle: "none",
  "@media": { [media.md]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))", gap: "1rem" }, [media.lg]: { gridTemplateColumns: "repeat(4, minmax(0, 1fr))" } },
});

export const tile = style({
  position: "relative",
  display: "block",
  borderRadius: vars.radius.large,
  overflow: "hidden",
  color: "#fff",
  textDecoration: "none",
  boxShadow: vars.shadow.small,
  transition: "transform 150ms ease, box-shadow 150ms ease",
  selectors: { "&:hover": { transform: "translateY(-2px)", boxShadow: vars.shadow.medium } },
});

export const tilePhoto = style({ display: "block", width: "100%", height: "auto", aspectRatio: "3 / 4", objectFit: "cover", background: vars.color.surfaceMuted });

// The words sit on a dark fade of the photo's foot: white on it whatever the portrait's colours.
export const tileText = style({
  position: "absolute",
  insetInline: 0,
  bottom: 0,
  display: "grid",
  gap: "0.1rem",
  padding: "2.5rem 3.2rem 0.75rem 0.75rem",
  background: "linear-gradient(to bottom, transparent, rgba(12, 8, 10, 0.85))",
});
export const tileName = style({ fontWeight: 700, fontSize: "1.05rem", overflowWrap: "anywhere" });
export const tilePlace = style({ fontSize: "0.85rem", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });

export const heart = style({
  position: "absolute",
  right: "0.6rem",
  bottom: "0.7rem",
  display: "grid",
  placeItems: "center",
  width: "38px",
  height: "38px",
  borderRadius: "50%",
  background: vars.color.surface,
  color: vars.color.primary,
  boxShadow: vars.shadow.small,
});

// Collage (/landers/collagelanding).

export const collage = style({ position: "relative", overflow: "hidden", background: vars.color.heroFrom, paddingBlock: "9rem 2rem", "@media": { [media.md]: { paddingBlock: "4.5rem" } } });

export const collageWall = style({
  position: "absolute",
  inset: "-2rem",
  display: "grid",
  gridTemplateColumns: "repeat(3, minmax(0, 1fr))",
  gap: "0.6rem",
  margin: 0,
  padding: 0,
  listStyle: "none",
  transform: "rotate(-4deg)",
  "@media": { [media.md]: { gridTemplateColumns: "repeat(5, minmax(0, 1fr))", gap: "1rem" } },
});
export const collageTile = style({ borderRadius: vars.radius.large, overflow: "hidden", selectors: { "&:nth-child(even)": { transform: "translateY(2.5rem)" } } });
export const collagePhoto = style({ display: "block", width: "100%", height: "100%", aspectRatio: "1 / 1", objectFit: "cover" });

export const collageInner = style({ position: "relative", display: "grid", "@media": { [media.md]: { justifyItems: "start" } } });

export const collageCard = style({
  display: "grid",
  gap: "1rem",
  justifyItems: "start",
  maxWidth: "34rem",
  padding: "1.5rem",
  borderRadius: vars.radius.large,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: "0 24px 60px rgba(0, 0, 0, 0.35)",
  "@media": { [media.md]: { padding: "2.25rem" } },
});
export const cardEyebrow = style({ margin: 0, color: vars.color.link, fontSize: "0.85rem", fontWeight: 700, letterSpacing: "0.04em", textTransform: "uppercase" });
export const cardAction = style({ ...action, background: vars.color.primary, color: vars.color.onPrimary, boxShadow: vars.shadow.medium });
export const cardBonus = style({ margin: 0, color: vars.color.textMuted, fontWeight: 600 });

export const promises = style({ display: "flex", flexWrap: "wrap", gap: "0.4rem 1.1rem", margin: 0, padding: 0, listStyle: "none", fontWeight: 600, fontSize: "0.95rem" });
// A tick drawn from two borders: no glyph for a screen reader to read out.
export const promise = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "0.45rem",
  selectors: {
    "&::before": {
      content: "''",
      width: "0.35rem",
      height: "0.7rem",
      marginBottom: "0.2rem",
      borderRight: `2px solid ${vars.color.success}`,
      borderBottom: `2px solid ${vars.color.success}`,
      transform: "rotate(45deg)",
    },
  },
});

export const cards = style({
  display: "grid",
  gap: "1rem",
  margin: 0,
  padding: 0,
  listStyle: "none",
  "@media": { [media.md]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))", gap: "1.25rem" } },
});
export const card = style({ padding: "1.25rem", borderRadius: vars.radius.large, background: vars.color.surface, border: `1px solid ${vars.color.border}` });
export const icon = style({ display: "block", width: "3rem", height: "3rem", marginBottom: "0.75rem", borderRadius: vars.radius.pill, background: vars.color.surfaceMuted, color: vars.color.primaryStrong });

// Feed (/landers/socialnetwork).

export const feedPage = style({ background: vars.color.surfaceMuted, paddingBlock: "1.25rem 2.5rem", "@media": { [media.md]: { paddingBlock: "2.5rem 4rem" } } });

export const feedGrid = style({
  display: "grid",
  gap: "1.5rem",
  alignItems: "start",
  "@media": { [media.lg]: { gridTemplateColumns: "minmax(0, 0.8fr) minmax(0, 1fr)", gap: "3rem", maxWidth: "1020px" } },
});

export const feedIntro = style([
  collageCard,
  { maxWidth: "none", "@media": { [media.lg]: { position: "sticky", top: "1.5rem" } } },
]);
export const feedTitle = style({ margin: 0, fontSize: "clamp(1.9rem, 1.4rem + 2vw, 2.8rem)", lineHeight: 1.08, textWrap: "balance" });
export const feedLead = style({ margin: 0, color: vars.color.textMuted, fontSize: "1.05rem", lineHeight: 1.55 });
export const feedHeading = style({ margin: "0 0 1rem", fontSize: "1.4rem" });

export const posts = style({ display: "grid", gap: "1rem", margin: 0, padding: 0, listStyle: "none" });

export const post = style({ display: "grid", gap: "0.75rem", padding: "1rem 0 0.25rem", borderRadius: vars.radius.large, background: vars.color.surface, boxShadow: vars.shadow.small, overflow: "hidden" });
export const postHead = style({ display: "flex", alignItems: "center", gap: "0.75rem", paddingInline: "1rem" });
export const avatar = style({ width: "46px", height: "46px", flex: "none", borderRadius: "50%", objectFit: "cover" });
export const postName = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "0.5rem", margin: 0, fontSize: "1.05rem", overflowWrap: "anywhere" });
export const postBadge = style({ padding: "0.1rem 0.5rem", borderRadius: vars.radius.pill, background: vars.color.surfaceMuted, color: vars.color.text, fontSize: "0.75rem", fontWeight: 700 });
export const postPlace = style({ margin: 0, color: vars.color.textMuted, fontSize: "0.85rem" });
export const postText = style({ margin: 0, paddingInline: "1rem", lineHeight: 1.5, whiteSpace: "pre-line", overflowWrap: "anywhere" });
export const postPhoto = style({ display: "block", width: "100%", height: "auto", aspectRatio: "4 / 3", objectFit: "cover", objectPosition: "50% 30%", background: vars.color.surfaceMuted });
export const postActions = style({ display: "flex", gap: "0.25rem", paddingInline: "0.5rem" });
export const postAction = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "0.45rem",
  minHeight: "44px",
  padding: "0 0.75rem",
  borderRadius: vars.radius.pill,
  color: vars.color.text,
  fontWeight: 700,
  textDecoration: "none",
  selectors: { "&:hover": { background: vars.color.surfaceMuted } },
});

// A hero of copy beside a picture: the icons' honeycomb of round faces, the map's country.

export const splitHero = style([heroBand, { paddingBlock: "2rem 2.5rem", overflow: "hidden", "@media": { [media.md]: { paddingBlock: "3.5rem 4rem" } } }]);
export const splitGrid = style({
  display: "grid",
  gap: "2rem",
  alignItems: "center",
  "@media": { [media.lg]: { gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)", gap: "3rem" } },
});
export const heroCopy = style({ display: "grid", gap: "1.1rem", justifyItems: "start" });

// Four columns with every other row shifted half a face: the cells of a honeycomb.
export const honeycomb = style({
  display: "grid",
  gridTemplateColumns: "repeat(4, minmax(0, 1fr))",
  gap: "0.6rem 0.75rem",
  margin: 0,
  padding: "0 0 0 6%",
  listStyle: "none",
  "@media": { [media.md]: { gap: "0.9rem 1.1rem" } },
});
export const cell = style({ selectors: { "&:nth-child(8n + 5), &:nth-child(8n + 6), &:nth-child(8n + 7), &:nth-child(8n + 8)": { transform: "translateX(-12%)" } } });
export const iconLink = style({
  display: "block",
  borderRadius: "50%",
  overflow: "hidden",
  border: "3px solid rgba(255, 255, 255, 0.85)",
  boxShadow: "0 8px 22px rgba(0, 0, 0, 0.28)",
  transition: "transform 150ms ease",
  selectors: { "&:hover": { transform: "scale(1.05)" } },
});
export const iconPhoto = style({ display: "block", width: "100%", height: "auto", aspectRatio: "1 / 1", objectFit: "cover" });

// Alone tonight (/landers/alonetonight): a night sky of the brand's own hero colours, darkened, with stars.

const stars = [
  [12, 18], [28, 8], [44, 22], [63, 12], [78, 26], [90, 9], [8, 44], [35, 38], [70, 42], [94, 36], [20, 66], [55, 58], [84, 62],
].map(([x, y], i) => `radial-gradient(${i % 3 === 0 ? 2 : 1.4}px ${i % 3 === 0 ? 2 : 1.4}px at ${x}% ${y}%, rgba(255, 255, 255, 0.95) 50%, transparent 100%)`);

export const night = style({
  background: [...stars, `linear-gradient(180deg, rgba(6, 6, 20, 0.9), rgba(6, 6, 20, 0.55)), linear-gradient(160deg, ${vars.color.heroFrom}, ${vars.color.heroTo})`].join(", "),
  color: "#fff",
  paddingBlock: "2.5rem 3rem",
  "@media": { [media.md]: { paddingBlock: "4rem 4.5rem" } },
});
export const nightInner = style({ display: "grid", justifyItems: "center", gap: "1.1rem", textAlign: "center" });
export const moon = style({ color: "#f6e7b4", filter: "drop-shadow(0 0 18px rgba(246, 231, 180, 0.55))" });
export const nightTitle = style({ margin: 0, color: "#fff", fontSize: "clamp(2.4rem, 1.6rem + 3.4vw, 4rem)", lineHeight: 1.05, textWrap: "balance" });
export const nightLead = style({ margin: 0, maxWidth: "36rem", fontSize: "1.15rem", lineHeight: 1.55 });

export const faces = style({ display: "flex", flexWrap: "wrap", justifyContent: "center", gap: "0.9rem 1.1rem", margin: "0.75rem 0", padding: 0, listStyle: "none" });
export const face = style({ display: "grid", justifyItems: "center", gap: "0.35rem", color: "#fff", textDecoration: "none", fontWeight: 600, fontSize: "0.9rem" });
export const facePhoto = style({
  width: "76px",
  height: "76px",
  borderRadius: "50%",
  objectFit: "cover",
  border: "3px solid rgba(255, 255, 255, 0.85)",
  boxShadow: "0 0 0 4px rgba(255, 255, 255, 0.12), 0 8px 20px rgba(0, 0, 0, 0.4)",
  "@media": { [media.md]: { width: "92px", height: "92px" } },
});
export const faceName = style({ maxWidth: "92px", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });

export const stepNumber = style({
  display: "grid",
  placeItems: "center",
  width: "2.5rem",
  height: "2.5rem",
  marginBottom: "0.75rem",
  borderRadius: "50%",
  background: vars.color.primaryStrong,
  color: vars.color.onPrimaryStrong,
  fontWeight: 800,
});

// The closing band the designs end with.

export const closing = heroBand;
export const closingInner = style({ display: "grid", justifyItems: "center", gap: "1rem", paddingBlock: "3rem", textAlign: "center", "@media": { [media.md]: { paddingBlock: "4.25rem" } } });
