import { globalStyle, style } from "@vanilla-extract/css";
import { table } from "../styles/ui.css";

export const section = style({ display: "grid", gap: "0.6rem" });

export const total = style({ fontSize: "1.6rem", fontWeight: 700, margin: "0 0 0.5rem" });

export const number = style({ fontVariantNumeric: "tabular-nums" });
// Beats the table's own left alignment of every cell.
globalStyle(`${table} ${number}`, { textAlign: "right" });

/** Something waits here: bold enough to find in a long table. */
export const busy = style({ fontWeight: 700 });
