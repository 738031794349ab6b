import { style, styleVariants } from "@vanilla-extract/css";
import { media } from "../../themes/breakpoints";

/** The page container and the 12-column grid of §9. */
export const container = style({
  width: "100%",
  maxWidth: "1140px",
  marginInline: "auto",
  paddingInline: "1rem",
  "@media": { [media.md]: { paddingInline: "1.5rem" } },
});

export const row = style({ display: "grid", gridTemplateColumns: "repeat(12, minmax(0, 1fr))", gap: "1.25rem" });

const span = (n: number) => ({ gridColumn: `span ${n} / span ${n}` });
const columns = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/** Full width on phones; from the md breakpoint, `md[n]` spans n of 12 columns (lg likewise). */
export const col = style(span(12));
export const md = styleVariants(Object.fromEntries(columns.map((n) => [n, { "@media": { [media.md]: span(n) } }])) as Record<
  (typeof columns)[number],
  object
>);
export const lg = styleVariants(Object.fromEntries(columns.map((n) => [n, { "@media": { [media.lg]: span(n) } }])) as Record<
  (typeof columns)[number],
  object
>);
