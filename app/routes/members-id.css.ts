import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { media } from "../../themes/breakpoints";

export const page = style({
  flex: 1,
  width: "100%",
  maxWidth: "64rem",
  margin: "0 auto",
  padding: "1rem 1rem 3rem",
  display: "grid",
  gap: "1.5rem",
  alignContent: "start",
  "@media": { [media.md]: { gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)", padding: "2rem 1rem 3rem" } },
});

export const header = style({ display: "grid", gap: "0.5rem", alignContent: "start" });
export const mainPhoto = style({ position: "relative", borderRadius: vars.radius.large, overflow: "hidden", background: vars.color.surfaceMuted });
export const mainImage = style({ display: "block", width: "100%", height: "auto", aspectRatio: "1 / 1", objectFit: "cover" });
export const noPhoto = style({
  display: "grid",
  placeItems: "center",
  aspectRatio: "1 / 1",
  background: `linear-gradient(135deg, ${vars.color.heroFrom}, ${vars.color.heroTo})`,
  color: vars.color.onHero,
  fontSize: "5rem",
  fontWeight: 700,
});
export const photoCount = style({
  position: "absolute",
  bottom: "0.6rem",
  left: "0.6rem",
  padding: "0.15rem 0.6rem",
  borderRadius: vars.radius.pill,
  background: "rgba(0,0,0,0.7)",
  color: "#fff",
  fontSize: "0.9rem",
  fontWeight: 600,
});

export const thumbs = style({ display: "grid", gridTemplateColumns: "repeat(3, minmax(0, 1fr))", gap: "0.5rem", margin: 0, padding: 0, listStyle: "none" });
export const thumbLink = style({ display: "block", borderRadius: vars.radius.medium, overflow: "hidden" });
export const thumb = style({ display: "block", width: "100%", height: "auto", aspectRatio: "1 / 1", objectFit: "cover" });
export const locked = style({
  gridColumn: "1 / -1",
  display: "grid",
  justifyItems: "center",
  gap: "0.5rem",
  padding: "1rem",
  borderRadius: vars.radius.medium,
  background: `linear-gradient(135deg, ${vars.color.heroFrom}, ${vars.color.heroTo})`,
  color: vars.color.onHero,
  textAlign: "center",
});
export const lockedCount = style({ fontSize: "1.8rem", fontWeight: 800 });
export const lockedText = style({ margin: 0, fontWeight: 600 });

export const details = style({ display: "grid", gap: "1rem", alignContent: "start", minWidth: 0 });
export const name = style({ margin: 0, fontSize: "1.8rem", display: "flex", flexWrap: "wrap", alignItems: "center", gap: "0.5rem", overflowWrap: "anywhere" });
export const fictionalIcon = style({
  padding: "0.1rem 0.5rem",
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: "0.85rem",
  fontWeight: 600,
});
export const actions = style({ display: "flex", flexWrap: "wrap", gap: "0.5rem" });
export const actionForm = style({ display: "contents" });
export const sectionTitle = style({ margin: "0 0 0.5rem", fontSize: "1.15rem" });
export const about = style({ margin: 0, whiteSpace: "pre-line", overflowWrap: "anywhere" });
export const facts = style({ display: "grid", gridTemplateColumns: "repeat(2, minmax(0, 1fr))", gap: "0.5rem 1rem", margin: 0 });
export const fact = style({ display: "grid", gap: "0.1rem" });
globalStyle(`${fact} dt`, { color: vars.color.textMuted, fontSize: "0.85rem" });
globalStyle(`${fact} dd`, { margin: 0, fontWeight: 600 });
export const chips = style({ display: "flex", flexWrap: "wrap", gap: "0.4rem", margin: 0, padding: 0, listStyle: "none" });
export const chip = style({ padding: "0.25rem 0.7rem", borderRadius: vars.radius.pill, background: vars.color.surfaceMuted, fontSize: "0.9rem" });
export const quiet = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "1.25rem", paddingTop: "0.5rem", borderTop: `1px solid ${vars.color.border}` });
export const related = style({ "@media": { [media.md]: { gridColumn: "1 / -1" } } });
export const notice = style({ flex: 1, width: "100%", maxWidth: "32rem", margin: "0 auto", padding: "3rem 1rem", display: "grid", gap: "1rem", justifyItems: "start", alignContent: "start" });
