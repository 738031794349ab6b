import { createGlobalTheme, createGlobalThemeContract } from "@vanilla-extract/css";
import { PRESETS } from "./presets";
import { cssValues, tokenVariable, type CssValues } from "./tokens";

const shape = cssValues(PRESETS.default);
const contractShape = Object.fromEntries(
  Object.entries(shape).map(([group, entries]) => [group, Object.fromEntries(Object.keys(entries).map((name) => [name, null]))]),
) as { [Group in keyof CssValues]: { [Name in keyof CssValues[Group]]: null } };

/**
 * What a brand may change: colours, fonts, radii, elevation, the hero's art direction and the illustration style.
 * Components read only these. The properties have plain names (`--color-primary`), so that the
 * server can write a brand's values without the stylesheet compiler (app/lib/brand-style.server.ts).
 */
export const vars = createGlobalThemeContract(contractShape, (_value, path) => tokenVariable(path).slice(2));

// The default preset is the stylesheet's; a brand's page adds only what its theme changes.
createGlobalTheme(":root", vars, shape);
