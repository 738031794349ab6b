import { globalStyle, style } from "@vanilla-extract/css";

/** The set-up card holds a QR code and three fields: a little wider than the sign-in card. */
export const card = style({ maxWidth: "34rem" });

export const steps = style({ display: "grid", gap: "1.25rem", margin: 0, paddingLeft: "1.25rem" });

export const qr = style({ width: "12rem", maxWidth: "100%", background: "#fff", border: "1px solid #d9dde5", borderRadius: "8px", padding: "0.25rem" });
globalStyle(`${qr} svg`, { display: "block", width: "100%", height: "auto" });

export const secret = style({ fontSize: "1rem", letterSpacing: "0.05em", overflowWrap: "anywhere" });
