import { style } from "@vanilla-extract/css";

export const section = style({ display: "grid", gap: "0.75rem", alignContent: "start" });

export const badges = style({ display: "inline-flex", flexWrap: "wrap", gap: "0.3rem" });

/** The measures of a section, side by side while they fit. */
export const actions = style({ display: "flex", flexWrap: "wrap", gap: "0.75rem", alignItems: "end" });

export const about = style({ whiteSpace: "pre-wrap", margin: 0 });

export const amount = style({ fontVariantNumeric: "tabular-nums", textAlign: "right", whiteSpace: "nowrap" });

export const photoCell = style({ display: "inline-flex", alignItems: "center", gap: "0.6rem" });

export const thumb = style({ width: "4rem", height: "4rem", objectFit: "cover", borderRadius: "6px", background: "#eceef2" });
