import { style } from "@vanilla-extract/css";

export const plainList = style({ listStyle: "none", margin: 0, padding: 0 });

export const nowrap = style({ whiteSpace: "nowrap" });

export const noticeTitle = style({ margin: 0, fontWeight: 600 });

export const problems = style({ margin: "0.4rem 0 0", paddingInlineStart: "1.25rem" });

export const section = style({ display: "grid", gap: "0.6rem" });

export const checkbox = style({ display: "inline-flex", alignItems: "center", gap: "0.4rem", paddingBottom: "0.55rem" });

/** Holds its visually hidden text inside the scrolling table, so the page itself never scrolls sideways. */
export const anchored = style({ position: "relative" });
