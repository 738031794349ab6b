import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes";
import { media } from "../../../themes/breakpoints";

/** One column on a phone, two from md, the four tiers side by side from lg. */
export const grid = style({
  display: "grid",
  gap: "1rem",
  margin: 0,
  padding: "0.9rem 0 0",
  listStyle: "none",
  "@media": {
    [media.md]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))", gap: "1.25rem" },
    [media.lg]: { gridTemplateColumns: "repeat(4, minmax(0, 1fr))", alignItems: "stretch" },
  },
});

const cardBase = {
  position: "relative",
  display: "grid",
  gridTemplateColumns: "1fr auto",
  gridTemplateAreas: `"tier ribbon" "credits price" "credits perCredit" "code code" "buy buy"`,
  alignItems: "center",
  gap: "0.2rem 1rem",
  padding: "1.1rem 1.15rem 1.15rem",
  borderRadius: vars.radius.large,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  "@media": {
    // From md the card stands upright: name, credits, price, call to action, one under the other.
    [media.md]: {
      gridTemplateColumns: "1fr",
      gridTemplateAreas: `"ribbon" "tier" "credits" "price" "perCredit" "code" "buy"`,
      justifyItems: "center",
      alignContent: "start",
      textAlign: "center",
      gap: "0.35rem",
      padding: "1.75rem 1.25rem 1.5rem",
    },
  },
} as const;

export const card = style(cardBase);

/** The popular tier stands out: a strong border, a shadow, and on wide screens it rises above the row. */
export const popularCard = style({
  ...cardBase,
  border: `2px solid ${vars.color.primaryStrong}`,
  boxShadow: `0 10px 28px -12px ${vars.color.primaryStrong}`,
  paddingTop: "1.6rem",
  "@media": {
    [media.md]: { ...cardBase["@media"][media.md], paddingTop: "2.25rem" },
    [media.lg]: { transform: "translateY(-0.6rem)" },
  },
});

export const popularBadge = style({
  position: "absolute",
  top: 0,
  left: "50%",
  transform: "translate(-50%, -50%)",
  margin: 0,
  padding: "0.25rem 0.9rem",
  borderRadius: vars.radius.pill,
  background: vars.color.primaryStrong,
  color: vars.color.onPrimaryStrong,
  fontSize: "0.8rem",
  fontWeight: 800,
  letterSpacing: "0.06em",
  textTransform: "uppercase",
  whiteSpace: "nowrap",
});

export const tier = style({ gridArea: "tier", margin: 0, fontSize: "1rem", fontWeight: 700, color: vars.color.textMuted, textTransform: "uppercase", letterSpacing: "0.05em" });

/** The discount ribbon: "-20%", in the brand's second colour. */
export const ribbon = style({
  gridArea: "ribbon",
  justifySelf: "end",
  padding: "0.15rem 0.6rem",
  borderRadius: vars.radius.pill,
  background: vars.color.secondary,
  color: vars.color.onSecondary,
  fontSize: "0.85rem",
  fontWeight: 800,
  "@media": { [media.md]: { justifySelf: "center" } },
});
/** Keeps the card's rows aligned with its neighbours when it has no ribbon. */
export const noRibbon = style({ gridArea: "ribbon", display: "none", "@media": { [media.md]: { display: "block", height: "1.6rem" } } });

export const credits = style({ gridArea: "credits", display: "grid", margin: 0, lineHeight: 1.05 });
export const creditsNumber = style({ fontSize: "2.4rem", fontWeight: 800, color: vars.color.text, "@media": { [media.md]: { fontSize: "3rem" } } });
export const creditsUnit = style({ fontSize: "0.95rem", fontWeight: 600, color: vars.color.textMuted });

export const price = style({
  gridArea: "price",
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  justifyContent: "flex-end",
  gap: "0 0.5rem",
  margin: 0,
  "@media": { [media.md]: { justifyContent: "center", marginTop: "0.6rem" } },
});
export const amount = style({ fontSize: "1.6rem", fontWeight: 800, color: vars.color.text, whiteSpace: "nowrap" });
export const normalPrice = style({ color: vars.color.textMuted, fontSize: "1rem", whiteSpace: "nowrap", textDecoration: "line-through" });
/** "With code TIMEBONUS25": says why the price is lower than the package's own. */
export const codeNote = style({ gridArea: "code", justifySelf: "end", margin: 0, color: vars.color.success, fontSize: "0.85rem", fontWeight: 700, "@media": { [media.md]: { justifySelf: "center" } } });
export const perCredit = style({ gridArea: "perCredit", justifySelf: "end", margin: 0, color: vars.color.textMuted, fontSize: "0.85rem", "@media": { [media.md]: { justifySelf: "center" } } });

const buyBase = {
  gridArea: "buy",
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  width: "100%",
  minHeight: "48px",
  marginTop: "0.75rem",
  padding: "0 1.25rem",
  borderRadius: vars.radius.pill,
  font: "inherit",
  fontWeight: 700,
  textAlign: "center",
  textDecoration: "none",
} as const;

export const buy = style({ ...buyBase, border: `2px solid ${vars.color.primaryStrong}`, background: vars.color.surface, color: vars.color.primaryStrong });
export const buyPopular = style({ ...buyBase, border: `2px solid ${vars.color.primaryStrong}`, background: vars.color.primaryStrong, color: vars.color.onPrimaryStrong });
