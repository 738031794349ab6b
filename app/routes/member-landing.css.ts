import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { media } from "../../themes/breakpoints";
import { heroBand, primaryAction } from "./lander.css";


const cover = { display: "block", width: "100%", height: "100%", objectFit: "cover" } as const;

export const initial = style({
  display: "grid",
  placeItems: "center",
  background: vars.color.surfaceMuted,
  color: vars.color.textMuted,
  fontFamily: vars.font.heading,
  fontSize: "5rem",
  fontWeight: 700,
});



export const note = style({ margin: 0, fontSize: "0.9rem", fontWeight: 600, color: "inherit" });

export const name = style({ margin: 0, fontSize: "clamp(2.2rem, 1.6rem + 2.4vw, 3.4rem)", lineHeight: 1.05, overflowWrap: "anywhere", textWrap: "balance" });


// Spotlight (/members/{id}/landing).

export const spotlight = style([heroBand, { paddingBlock: "1.5rem 2.5rem", "@media": { [media.md]: { paddingBlock: "3.5rem" } } }]);

export const spotlightGrid = style({
  display: "grid",
  gap: "1.75rem",
  alignItems: "center",
  "@media": { [media.md]: { gridTemplateColumns: "minmax(0, 0.95fr) minmax(0, 1.05fr)", gap: "3rem" } },
});

export const spotlightPhotoFrame = style({
  position: "relative",
  width: "100%",
  maxWidth: "30rem",
  justifySelf: "center",
  aspectRatio: "1 / 1",
  borderRadius: vars.radius.large,
  overflow: "hidden",
  border: "4px solid rgba(255, 255, 255, 0.55)",
  boxShadow: "0 24px 60px rgba(0, 0, 0, 0.3)",
  transform: "rotate(-1.5deg)",
});

export const spotlightPhoto = style(cover);

export const spotlightCopy = style({ display: "grid", gap: "1rem", justifyItems: "start" });

export const place = style({ margin: 0, fontSize: "1.15rem", fontWeight: 600 });

export const quote = style({
  margin: 0,
  padding: "1rem 1.25rem",
  maxWidth: "34rem",
  borderRadius: vars.radius.large,
  borderInlineStart: `4px solid ${vars.color.secondary}`,
  background: "rgba(0, 0, 0, 0.18)",
  fontSize: "1.1rem",
  lineHeight: 1.5,
  whiteSpace: "pre-line",
  overflowWrap: "anywhere",
});
globalStyle(`${quote} p`, { margin: 0 });

export const others = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: "0.75rem",
  margin: 0,
  padding: 0,
  listStyle: "none",
  "@media": { [media.md]: { gridTemplateColumns: "repeat(4, minmax(0, 1fr))", gap: "1.25rem" } },
});

export const other = style({
  display: "grid",
  height: "100%",
  borderRadius: vars.radius.large,
  overflow: "hidden",
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: "none",
  boxShadow: vars.shadow.small,
  paddingBottom: "0.75rem",
});

export const otherPhoto = style({ display: "block", width: "100%", height: "auto", aspectRatio: "1 / 1", objectFit: "cover", marginBottom: "0.6rem" });
export const otherName = style({ paddingInline: "0.75rem", fontWeight: 700, overflowWrap: "anywhere" });
export const otherPlace = style({ paddingInline: "0.75rem", fontSize: "0.85rem", color: vars.color.textMuted, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });

// Story (/members/{id}/landing2).

export const storyPage = style([heroBand, { padding: "0 0 1.5rem", "@media": { [media.md]: { padding: "2.5rem 1rem" } } }]);

export const story = style({
  width: "100%",
  maxWidth: "30rem",
  marginInline: "auto",
  background: vars.color.surface,
  color: vars.color.text,
  overflow: "hidden",
  "@media": { [media.md]: { borderRadius: vars.radius.large, boxShadow: "0 24px 60px rgba(0, 0, 0, 0.3)" } },
});

export const storyPhotoFrame = style({ position: "relative", aspectRatio: "4 / 5", background: vars.color.surfaceMuted });

export const storyPhoto = style(cover);

export const storyCaption = style({
  position: "absolute",
  insetInline: 0,
  bottom: 0,
  display: "grid",
  gap: "0.4rem",
  justifyItems: "start",
  padding: "5rem 1.25rem 1.25rem",
  background: "linear-gradient(to bottom, transparent, rgba(12, 8, 10, 0.82))",
  color: "#fff",
});

export const storyName = style({ margin: 0, color: "#fff", fontSize: "2.2rem", lineHeight: 1.05, overflowWrap: "anywhere" });
export const storyPlace = style({ margin: 0, fontWeight: 600 });

export const storyBody = style({ display: "grid", gap: "0.75rem", padding: "1.25rem 1.25rem 0" });

export const aboutTitle = style({ margin: 0, fontSize: "1.2rem" });
export const about = style({ margin: 0, lineHeight: 1.55, whiteSpace: "pre-line", overflowWrap: "anywhere" });

// On a phone the way in stays in reach while the visitor reads.
export const stickyAction = style({
  position: "sticky",
  bottom: 0,
  display: "grid",
  gap: "0.5rem",
  justifyItems: "center",
  margin: "0 -1.25rem",
  padding: "0.75rem 1.25rem 1rem",
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
});
globalStyle(`${stickyAction} ${primaryAction}`, { width: "100%" });

// Chat preview (/members/{id}/landing3).

export const chatPage = style([heroBand, { "@media": { [media.md]: { padding: "2.5rem 1rem" } } }]);

export const chat = style({
  width: "100%",
  maxWidth: "28rem",
  marginInline: "auto",
  display: "grid",
  background: vars.color.surface,
  color: vars.color.text,
  overflow: "hidden",
  "@media": { [media.md]: { borderRadius: vars.radius.large, boxShadow: "0 24px 60px rgba(0, 0, 0, 0.3)" } },
});

export const chatHead = style({
  position: "relative",
  display: "flex",
  alignItems: "center",
  gap: "0.75rem",
  padding: "0.75rem 1rem",
  paddingInlineEnd: "5.5rem",
  borderBottom: `1px solid ${vars.color.border}`,
});

export const chatAvatar = style({ width: "52px", height: "52px", flex: "none", borderRadius: "50%", objectFit: "cover", fontSize: "1.4rem" });
export const chatName = style({ margin: 0, fontSize: "1.2rem", overflowWrap: "anywhere" });
export const chatPlace = style({ margin: 0, color: vars.color.textMuted, fontSize: "0.9rem" });

export const chatBody = style({ display: "grid", gap: "0.75rem", alignContent: "start", minHeight: "22rem", padding: "1rem", background: vars.color.surfaceMuted });

export const chatPhotoFrame = style({ width: "min(78%, 17rem)", aspectRatio: "1 / 1", borderRadius: "1.1rem 1.1rem 1.1rem 0.3rem", overflow: "hidden", boxShadow: vars.shadow.small });
export const chatPhoto = style(cover);

export const bubble = style({
  justifySelf: "start",
  maxWidth: "88%",
  margin: 0,
  padding: "0.7rem 1rem",
  borderRadius: "1.1rem 1.1rem 1.1rem 0.3rem",
  background: vars.color.surface,
  boxShadow: vars.shadow.small,
});
export const bubbleLabel = style({ marginBottom: "0.25rem", color: vars.color.textMuted, fontSize: "0.8rem", fontWeight: 700 });
export const bubbleText = style({ margin: 0, lineHeight: 1.5, whiteSpace: "pre-line", overflowWrap: "anywhere" });

export const composer = style({
  display: "flex",
  alignItems: "center",
  gap: "0.5rem",
  minHeight: "56px",
  margin: "0.75rem 0.75rem 0.5rem",
  padding: "0.35rem 0.35rem 0.35rem 1.1rem",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.textMuted,
  textDecoration: "none",
});
export const composerField = style({ flex: 1, minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });
export const composerSend = style({
  display: "grid",
  placeItems: "center",
  flex: "none",
  width: "46px",
  height: "46px",
  borderRadius: "50%",
  background: vars.color.primary,
  color: vars.color.onPrimary,
});
export const chatNote = style({ margin: "0 1rem 1rem", textAlign: "center", color: vars.color.textMuted, fontWeight: 400 });

// The brand's own landing, without a member.

export const brandCopy = style({ display: "grid", gap: "1.1rem", justifyItems: "start", maxWidth: "44rem", paddingBlock: "2rem 3rem" });
