import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes";
import { media } from "../../../themes/breakpoints";

/** The sales screens (credits, premium, pricing): a wide column, the package cards its centre. */
export const page = style({ flex: 1, width: "100%", maxWidth: "72rem", margin: "0 auto", padding: "1.5rem 1rem 3rem", "@media": { [media.md]: { padding: "2.5rem 1.5rem 4rem" } } });
export const header = style({ display: "grid", gap: "0.75rem", marginBottom: "1.5rem", "@media": { [media.md]: { gridTemplateColumns: "1fr auto", alignItems: "end" } } });
export const heading = style({ margin: 0, fontSize: "1.75rem", "@media": { [media.md]: { fontSize: "2.4rem" } } });
export const lead = style({ margin: "0.35rem 0 0", color: vars.color.textMuted, fontSize: "1.05rem", maxWidth: "40rem" });
export const sectionTitle = style({ margin: "2.5rem 0 1rem", fontSize: "1.35rem", "@media": { [media.md]: { fontSize: "1.6rem" } } });

/** The member's balance, a pill beside the heading. */
export const balance = style({
  display: "inline-flex",
  alignItems: "baseline",
  gap: "0.5rem",
  justifySelf: "start",
  margin: 0,
  padding: "0.5rem 1.1rem",
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  "@media": { [media.md]: { justifySelf: "end" } },
});
export const balanceLabel = style({ color: vars.color.textMuted, fontSize: "0.95rem" });
export const balanceValue = style({ fontSize: "1.35rem", fontWeight: 800 });

/** One payment, no renewals: a calm band with a check mark, below the cards. */
export const notice = style({
  display: "flex",
  gap: "0.85rem",
  alignItems: "flex-start",
  margin: "1.5rem 0 0",
  padding: "1rem 1.15rem",
  borderRadius: vars.radius.medium,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
});
export const noticeIcon = style({ flex: "none", width: "1.75rem", height: "1.75rem", color: vars.color.success });
export const noticeTitle = style({ display: "block", fontWeight: 700, color: vars.color.text });
export const noticeText = style({ margin: 0, color: vars.color.textMuted });

export const links = style({ display: "flex", flexWrap: "wrap", gap: "0.75rem 1.5rem", marginTop: "1.5rem" });
export const link = style({ color: vars.color.link, fontWeight: 600 });

/** The slot the promotions fill: an eye-catching strip above the cards. */
export const discount = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "0.5rem 1rem",
  margin: "0 0 1.5rem",
  padding: "0.9rem 1.15rem",
  borderRadius: vars.radius.medium,
  background: vars.color.secondary,
  color: vars.color.onSecondary,
});
export const discountTitle = style({ fontSize: "1.15rem", fontWeight: 800 });
export const discountDetail = style({ fontWeight: 600 });
