import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { media } from "../../themes/breakpoints";

export const page = style({ flex: 1, width: "100%", maxWidth: "64rem", margin: "0 auto", padding: "1rem 1rem 3rem", "@media": { [media.md]: { padding: "1.5rem 1.5rem 4rem" } } });

export const logo = style({ marginBottom: "1.25rem" });

export const single = style({ maxWidth: "28rem", margin: "0 auto" });

// The member beside the form on a wide screen; above it, small, on a phone.
export const columns = style({
  display: "grid",
  gap: "1.5rem",
  alignItems: "start",
  "@media": { [media.md]: { gridTemplateColumns: "minmax(0, 0.85fr) minmax(0, 1fr)", gap: "3rem" } },
});

export const card = style({
  display: "grid",
  gridTemplateColumns: "6rem minmax(0, 1fr)",
  gap: "1rem",
  alignItems: "center",
  padding: "0.75rem",
  borderRadius: vars.radius.large,
  background: vars.color.surface,
  boxShadow: vars.shadow.medium,
  "@media": { [media.md]: { position: "sticky", top: "1.5rem", gridTemplateColumns: "1fr", padding: 0, overflow: "hidden", gap: 0 } },
});

export const photo = style({ display: "block", width: "100%", height: "auto", aspectRatio: "1 / 1", objectFit: "cover", borderRadius: vars.radius.medium, "@media": { [media.md]: { borderRadius: 0 } } });

export const cardText = style({ display: "grid", gap: "0.35rem", justifyItems: "start", minWidth: 0, "@media": { [media.md]: { padding: "1rem 1.25rem 1.25rem", gap: "0.5rem" } } });

export const name = style({ margin: 0, fontFamily: vars.font.heading, fontSize: "1.3rem", fontWeight: 700, overflowWrap: "anywhere", "@media": { [media.md]: { fontSize: "1.8rem" } } });
export const place = style({ margin: 0, color: vars.color.textMuted });

// The member's words: a phone shows the card small and leaves them out; a wide screen has room.
export const about = style({ display: "none", margin: 0, lineHeight: 1.5, whiteSpace: "pre-line", overflowWrap: "anywhere", "@media": { [media.md]: { display: "block" } } });
export const fictional = style({ margin: 0, color: vars.color.textMuted, fontSize: "0.85rem" });

export const formColumn = style({ minWidth: 0, maxWidth: "28rem" });
