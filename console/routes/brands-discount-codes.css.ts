import { style } from "@vanilla-extract/css";

/** The create form: two columns while they fit, one on a phone. */
export const createForm = style({ display: "grid", gap: "0.85rem 1.25rem", gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 16rem), 1fr))", alignItems: "start" });

/** A part of the create form across all its columns. */
export const wide = style({ gridColumn: "1 / -1" });

export const choices = style({ border: 0, margin: 0, padding: 0, display: "grid", gap: "0.3rem", minWidth: 0 });

export const options = style({ display: "flex", flexWrap: "wrap", gap: "0.35rem 1rem" });

export const option = style({ display: "inline-flex", alignItems: "center", gap: "0.35rem" });

export const list = style({ display: "grid", gap: "0.6rem" });

export const code = style({ fontSize: "0.95rem", fontWeight: 600 });

export const nowrap = style({ whiteSpace: "nowrap" });

export const state = style({ display: "grid", gap: "0.4rem", justifyItems: "start" });
