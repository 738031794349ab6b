import { style } from "@vanilla-extract/css";

/** The query field takes the room the brand select and the button leave. */
export const grow = style({ flex: "1 1 16rem" });

export const section = style({ display: "grid", gap: "0.6rem" });

export const badges = style({ display: "inline-flex", flexWrap: "wrap", gap: "0.3rem" });
