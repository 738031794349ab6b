import { style } from "@vanilla-extract/css";

export const page = style({ flex: 1, width: "100%", maxWidth: "60rem", margin: "0 auto", padding: "2rem 1rem 3rem" });
export const matches = style({ marginBottom: "1.5rem" });
