import { z } from "zod";
import { contrastProblems } from "../../themes/contrast";
import { FONT_IDS, FONTS } from "../../themes/fonts";
import type { ThemeName } from "../../themes/names";
import { themeTokens, type ThemeOverrides } from "../../themes/resolve";
import { BRAND_COLOR_TOKENS, ILLUSTRATION_STYLES, RADIUS_TOKENS, SHADOW_TOKENS } from "../../themes/tokens";
import { NICHES } from "./niche-sides";

/**
 * "theme_overrides" in a brand file: tokens of the chosen preset a brand manager changes. Every
 * value is checked for its syntax here, so that nothing but a colour, a length or a shadow reaches
 * the page's inline style, and the colours together must still pass WCAG AA contrast.
 */

const colour = z.string({ error: "must be a colour written as #rrggbb, such as #8e1b3a" }).regex(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i, {
  error: (issue) => `"${String(issue.input)}" is not a colour written as #rrggbb (such as #8e1b3a)`,
});

const length = z.string({ error: "must be a length such as 12px or 0.75rem" }).regex(/^(0|\d{1,3}(\.\d{1,3})?(px|rem|em|%))$/, {
  error: (issue) => `"${String(issue.input)}" is not a length such as 12px or 0.75rem`,
});

const SHADOW_LENGTH = String.raw`-?\d{1,3}(\.\d{1,3})?(px|rem)?`;
const SHADOW_COLOUR = String.raw`(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d{1,3})\s*)?\))`;
const ONE_SHADOW = String.raw`(inset\s+)?${SHADOW_LENGTH}(\s+${SHADOW_LENGTH}){1,3}\s+${SHADOW_COLOUR}`;
const shadow = z.string({ error: "must be a CSS shadow" }).regex(new RegExp(String.raw`^(none|${ONE_SHADOW}(\s*,\s*${ONE_SHADOW})*)$`, "i"), {
  error: (issue) =>
    `"${String(issue.input)}" is not a shadow such as "0 4px 12px rgba(0, 0, 0, 0.12)" (x, y, blur and spread in px, then a #hex or rgba() colour), or "none"`,
});

const font = z.enum(FONT_IDS, {
  error: (issue) => `"${String(issue.input)}" is not a typeface this product serves; use one of ${FONT_IDS.join(", ")}`,
});

/** An object of named tokens; a misspelt or unknown name is refused with the names there are. */
function tokens<Shape extends z.ZodRawShape>(kind: string, shape: Shape) {
  const names = Object.keys(shape).join(", ");
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `unknown ${kind} token${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((key) => `"${key}"`).join(", ")}: use ${names}`
        : `must be an object of ${kind} tokens (${names})`,
  });
}

const each = <Name extends string, Value extends z.ZodType>(names: readonly Name[], value: Value) =>
  Object.fromEntries(names.map((name) => [name, value.optional()])) as { [Key in Name]: z.ZodOptional<Value> };

export const themeOverridesSchema = tokens("theme", {
  color: tokens("colour", each(BRAND_COLOR_TOKENS, colour)).optional(),
  font: tokens("font", {
    body: font.optional(),
    heading: font.optional(),
    headingWeight: z.number({ error: "must be a number such as 700" }).int().min(100).max(1000, { error: "must be from 100 to 1000" }).optional(),
  }).optional(),
  radius: tokens("radius", each(RADIUS_TOKENS, length)).optional(),
  shadow: tokens("shadow", each(SHADOW_TOKENS, shadow)).optional(),
  illustration: tokens("illustration", {
    style: z.enum(ILLUSTRATION_STYLES, { error: (issue) => `"${String(issue.input)}" is not an illustration style; use ${ILLUSTRATION_STYLES.join(" or ")}` }).optional(),
    scene: z.enum(NICHES, { error: (issue) => `"${String(issue.input)}" is not a hero scene; use a niche's: ${NICHES.join(", ")}` }).optional(),
  }).optional(),
}) satisfies z.ZodType<ThemeOverrides>;

/** Problems only the preset and the overrides together show: weak contrast, a weight the typeface lacks. */
export function themeOverrideProblems(preset: ThemeName, overrides: ThemeOverrides, ctx: z.RefinementCtx) {
  const theme = themeTokens(preset, overrides);
  const overridden = overrides.color ?? {};
  for (const problem of contrastProblems(theme.color)) {
    const token = problem.text in overridden ? problem.text : problem.on in overridden ? problem.on : undefined;
    ctx.addIssue({
      code: "custom",
      path: token ? ["theme_overrides", "color", token] : ["theme_overrides", "color"],
      message: `${problem.what}: ${problem.text} ${theme.color[problem.text]} on ${problem.on} ${theme.color[problem.on]} has a contrast of ${problem.ratio.toFixed(2)}:1; it must be at least 4.5:1 to be readable (WCAG AA)`,
    });
  }
  const weight = overrides.font?.headingWeight;
  if (weight !== undefined) {
    const [lightest, boldest] = FONTS[theme.font.heading].weights.split(" ").map(Number) as [number, number];
    if (weight < lightest || weight > boldest) {
      ctx.addIssue({
        code: "custom",
        path: ["theme_overrides", "font", "headingWeight"],
        message: `${FONTS[theme.font.heading].family} comes in weights ${lightest} to ${boldest}`,
      });
    }
  }
}
