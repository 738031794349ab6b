/** Breakpoints of §9, mobile first: each query applies from that width up. */
export const breakpoints = { sm: 576, md: 768, lg: 992, xl: 1200 } as const;

export const media = {
  sm: `screen and (min-width: ${breakpoints.sm}px)`,
  md: `screen and (min-width: ${breakpoints.md}px)`,
  lg: `screen and (min-width: ${breakpoints.lg}px)`,
  xl: `screen and (min-width: ${breakpoints.xl}px)`,
} as const;
