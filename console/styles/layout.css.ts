import { style } from "@vanilla-extract/css";
import { colour } from "./ui.css";

export const shell = style({
  display: "grid",
  gridTemplateColumns: "14rem 1fr",
  minHeight: "100vh",
  // Narrower: the side bar becomes a bar across the top, as tall as its links.
  "@media": { "screen and (max-width: 900px)": { gridTemplateColumns: "1fr", gridTemplateRows: "auto 1fr" } },
});

export const sidebar = style({
  background: "#1d2330",
  color: "#fff",
  padding: "1.25rem 0.75rem",
  display: "flex",
  flexDirection: "column",
  gap: "1.25rem",
  "@media": { "screen and (max-width: 900px)": { padding: "0.75rem", gap: "0.5rem" } },
});

export const brand = style({ color: "#fff", fontWeight: 700, fontSize: "1.05rem", textDecoration: "none", padding: "0 0.5rem" });

export const nav = style({
  display: "flex",
  flexDirection: "column",
  gap: "0.15rem",
  "@media": { "screen and (max-width: 900px)": { flexDirection: "row", flexWrap: "wrap" } },
});

export const navLink = style({
  color: "#d9dcf5",
  textDecoration: "none",
  padding: "0.45rem 0.6rem",
  borderRadius: "6px",
  selectors: {
    "&:hover": { background: "rgba(255,255,255,0.08)", color: "#fff" },
    "&[aria-current='page']": { background: "rgba(255,255,255,0.14)", color: "#fff", fontWeight: 600 },
  },
});

export const who = style({
  marginTop: "auto",
  fontSize: "0.85rem",
  color: "#c5c9d6",
  padding: "0 0.5rem",
  display: "grid",
  gap: "0.4rem",
  overflowWrap: "anywhere",
  "@media": { "screen and (max-width: 900px)": { marginTop: 0, display: "flex", flexWrap: "wrap", alignItems: "center" } },
});

export const signOut = style({
  font: "inherit",
  color: "#fff",
  background: "transparent",
  border: "1px solid #8a93a5",
  borderRadius: "6px",
  padding: "0.3rem 0.6rem",
  cursor: "pointer",
  justifySelf: "start",
});

export const main = style({ padding: "1.5rem 2rem", minWidth: 0, background: colour.page, "@media": { "screen and (max-width: 900px)": { padding: "1rem" } } });
