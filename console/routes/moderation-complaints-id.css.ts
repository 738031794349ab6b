import { style, styleVariants } from "@vanilla-extract/css";
import { colour } from "../styles/ui.css";

/** Members' words as they wrote them: their line breaks kept, long words broken. */
export const message = style({ margin: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere" });

export const reveal = style({ display: "grid", gap: "0.5rem", justifyItems: "start" });

export const messages = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: "0.5rem" });

const bubbleBase = style({ padding: "0.5rem 0.75rem", borderRadius: "8px", border: `1px solid ${colour.line}`, maxWidth: "46rem", display: "grid", gap: "0.2rem" });

/** The reporter on one side, the reported member on the other, as in the members' own chat. */
export const bubble = styleVariants({
  reporter: [bubbleBase, { background: colour.accentSoft, justifySelf: "end" }],
  reported: [bubbleBase, { background: colour.surface, justifySelf: "start" }],
  system: [bubbleBase, { background: colour.page, justifySelf: "center", fontStyle: "italic" }],
});

export const from = style({ margin: 0, fontSize: "0.8rem", fontWeight: 600, color: colour.muted });
