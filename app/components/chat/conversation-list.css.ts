import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes";
import { media } from "../../../themes/breakpoints";

/** The conversation list: at most 400 px wide on its own (§9), the left pane of the inbox from 992 px. */
export const page = style({
  width: "100%",
  maxWidth: "25rem",
  margin: "0 auto",
  padding: "1.25rem 0.75rem 3rem",
  display: "grid",
  gap: "0.75rem",
  alignContent: "start",
  "@media": { [media.lg]: { maxWidth: "none", padding: "1rem 0.75rem" } },
});
export const header = style({ display: "flex", alignItems: "baseline", justifyContent: "space-between", gap: "1rem" });
export const heading = style({ margin: 0, fontSize: "1.6rem" });

export const list = style({
  margin: 0,
  padding: 0,
  listStyle: "none",
  borderRadius: vars.radius.large,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  overflow: "hidden",
  // As the inbox's left pane the list runs edge to edge.
  "@media": { [media.lg]: { marginInline: "-0.75rem", border: "none", borderBlock: `1px solid ${vars.color.border}`, borderRadius: 0 } },
});
export const row = style({
  display: "flex",
  alignItems: "center",
  selectors: {
    "& + &": { borderTop: `1px solid ${vars.color.border}` },
    // The open conversation, marked by a bar in the brand colour beside it.
    '&:has([aria-current="page"])': { background: vars.color.surfaceMuted, boxShadow: `inset 4px 0 0 ${vars.color.primary}` },
  },
});
export const link = style({
  display: "flex",
  alignItems: "center",
  gap: "0.75rem",
  flex: 1,
  minWidth: 0,
  padding: "0.75rem 0.25rem 0.75rem 0.75rem",
  color: vars.color.text,
  textDecoration: "none",
  selectors: {
    "&:hover, &:focus-visible": { background: vars.color.surfaceMuted },
  },
});
export const avatar = style({ flex: "none", width: "48px", height: "48px", borderRadius: "50%", objectFit: "cover", background: vars.color.surfaceMuted });
export const avatarLetter = style([
  avatar,
  { display: "grid", placeItems: "center", background: vars.color.primaryStrong, color: vars.color.onPrimaryStrong, fontWeight: 700, fontSize: "1.2rem" },
]);
export const avatarSystem = style([avatarLetter, { background: vars.color.secondary, color: vars.color.onSecondary }]);
// One column that may shrink below its content, so long previews end in an ellipsis.
export const body = style({ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: "0.1rem", flex: 1, minWidth: 0 });
export const top = style({ display: "flex", alignItems: "baseline", justifyContent: "space-between", gap: "0.5rem" });
export const name = style({ minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", fontWeight: 700 });
export const time = style({ flex: "none", color: vars.color.textMuted, fontSize: "0.8rem" });
export const bottom = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: "0.5rem" });
export const preview = style({ minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", color: vars.color.textMuted, fontSize: "0.9rem" });
export const previewUnread = style([preview, { color: vars.color.text, fontWeight: 600 }]);
export const badge = style({
  flex: "none",
  minWidth: "1.5rem",
  height: "1.5rem",
  padding: "0 0.4rem",
  borderRadius: vars.radius.pill,
  background: vars.color.unread,
  color: vars.color.onSecondary,
  fontSize: "0.8rem",
  fontWeight: 700,
  lineHeight: "1.5rem",
  textAlign: "center",
});
export const removeForm = style({ flex: "none", paddingRight: "0.4rem" });
export const remove = style({
  display: "grid",
  placeItems: "center",
  width: "44px",
  height: "44px",
  padding: 0,
  border: 0,
  borderRadius: vars.radius.pill,
  background: "transparent",
  color: vars.color.textMuted,
  cursor: "pointer",
  selectors: { "&:hover, &:focus-visible": { background: vars.color.surfaceMuted, color: vars.color.danger } },
});
