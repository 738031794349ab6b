import type { ThemeName } from "../names";
import type { ThemeTokens } from "../tokens";
import { bbwPreset } from "./bbw";
import { defaultPreset } from "./default";
import { flirtPreset } from "./flirt";
import { gayPreset } from "./gay";
import { milfPreset } from "./milf";

/** The theme presets a brand file names in "theme"; "theme_overrides" may change their tokens. */
export const PRESETS: Record<ThemeName, ThemeTokens> = {
  default: defaultPreset,
  flirt: flirtPreset,
  milf: milfPreset,
  gay: gayPreset,
  bbw: bbwPreset,
};
