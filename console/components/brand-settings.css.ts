import { globalStyle, style } from "@vanilla-extract/css";
import { colour } from "../styles/ui.css";

/** Settings tables: paths and values in monospace, wrapping anywhere so long lists never push the page sideways. */
export const settings = style({ tableLayout: "fixed" });
globalStyle(`${settings} code`, { overflowWrap: "anywhere", whiteSpace: "pre-wrap" });

export const caption = style({ captionSide: "top", textAlign: "left", fontWeight: 700, padding: "0.6rem 0.75rem", fontSize: "1rem" });

export const pathColumn = style({ width: "32%" });

export const badges = style({ display: "inline-flex", flexWrap: "wrap", gap: "0.3rem", marginInlineStart: "0.4rem", verticalAlign: "middle" });

/** A row whose two brands differ: tinted, and marked in words too. */
export const differs = style({});
globalStyle(`${differs} td, ${differs} th`, { background: colour.warnSoft });

export const groups = style({ display: "grid", gap: "1rem" });
