import { PROFILE_CHOICES } from "./choices";

/**
 * What a demo member's portrait shows, decided from who they are: gender, age, body type and hair
 * colour come from the profile, everything else (skin, hairstyle, clothes, pose, framing, art style,
 * background) from a seeded draw, so the same member always gets the same picture. Age steers the
 * draw: older members get more grey, lines, glasses and quieter clothes; curvy and full figures are
 * framed from the waist up so the figure shows.
 */

export type Gender = (typeof PROFILE_CHOICES.gender)[number];
export type BodyType = (typeof PROFILE_CHOICES.body_type)[number];
export type HairColour = (typeof PROFILE_CHOICES.hair_colour)[number];

/** Who is drawn: the profile's own data, the age in five-year steps, and a variant number. */
export type AvatarSubject = { gender: Gender; age: number; body: BodyType; hair: HairColour; variant: number };

export const AVATAR_VARIANTS = 32;
export const AVATAR_AGE_STEP = 5;
export const AVATAR_MIN_AGE = 20;
export const AVATAR_MAX_AGE = 75;

export const ART_STYLES = ["flat", "line", "sticker", "soft"] as const;
export const BACKDROPS = ["arch", "circle", "dots", "stripes", "confetti", "sunset", "city", "park", "room", "bokeh"] as const;
export const FRAMINGS = ["portrait", "bust", "half", "figure"] as const;
export const POSES = ["down", "hip", "cross", "hair", "cup"] as const;
export const FEMALE_HAIRSTYLES = ["long", "wavy", "bob", "pixie", "bun", "ponytail", "curly", "lob"] as const;
export const MALE_HAIRSTYLES = ["crop", "sidepart", "quiff", "buzz", "curly", "receding", "bald", "swept"] as const;
export const TOPS = ["tee", "vneck", "blouse", "shirt", "blazer", "hoodie", "knit", "turtleneck", "cardigan", "stripes"] as const;

export type ArtStyle = (typeof ART_STYLES)[number];
export type Backdrop = (typeof BACKDROPS)[number];
export type Framing = (typeof FRAMINGS)[number];
export type Pose = (typeof POSES)[number];
export type Hairstyle = (typeof FEMALE_HAIRSTYLES)[number] | (typeof MALE_HAIRSTYLES)[number];
export type Top = (typeof TOPS)[number];
export type Beard = "none" | "stubble" | "short" | "full" | "goatee" | "moustache";
export type Glasses = "none" | "round" | "square" | "cat" | "wire";

export type Palette = { base: string; shade: string };

export type AvatarLook = {
  subject: AvatarSubject;
  style: ArtStyle;
  backdrop: Backdrop;
  /** Background colours: the ground, a second tone, an accent. */
  scene: readonly [string, string, string];
  framing: Framing;
  pose: Pose;
  /** Drawn facing the other way. */
  mirrored: boolean;
  /** Head tilt in degrees and turn of the features in figure units. */
  tilt: number;
  turn: number;
  skin: Palette & { blush: string };
  hairColour: Palette & { brow: string };
  /** Silver streaks in hair that is not grey (50+). */
  greying: boolean;
  hairstyle: Hairstyle;
  beard: Beard;
  top: Top;
  cloth: Palette;
  /** A second garment colour: shirt under a blazer, stripes, cardigan under-layer. */
  inner: string;
  sleeves: "long" | "short";
  glasses: Glasses;
  earrings: "none" | "studs" | "hoops" | "drops";
  necklace: "none" | "chain" | "pearls";
  scarf: boolean;
  lips: string;
  smile: "open" | "soft" | "grin";
  eyes: "open" | "happy";
};

const SKINS = [
  { base: "#fbe3d2", shade: "#eabfa3", blush: "#f19a8e" },
  { base: "#f5d3b8", shade: "#dfae8c", blush: "#ec8f82" },
  { base: "#ecc19c", shade: "#d29b73", blush: "#e0806e" },
  { base: "#dfa97f", shade: "#c08660", blush: "#d2715e" },
  { base: "#c68a5e", shade: "#a56c44", blush: "#bd5f4c" },
  { base: "#a76c45", shade: "#87532f", blush: "#a4503f" },
  { base: "#845233", shade: "#6a3f25", blush: "#8c4234" },
  { base: "#643b24", shade: "#4f2d1a", blush: "#743426" },
] as const;

/** Shades per hair colour; grey turns white with age. */
const HAIR: Record<Exclude<HairColour, "bald">, readonly (Palette & { brow: string })[]> = {
  blonde: [
    { base: "#e8c77a", shade: "#c9a050", brow: "#b08a4a" },
    { base: "#d9ad5f", shade: "#b58739", brow: "#9c7336" },
    { base: "#efdba5", shade: "#d4bb7c", brow: "#b59a62" },
  ],
  brown: [
    { base: "#6e4429", shade: "#52301b", brow: "#42271a" },
    { base: "#8d5a35", shade: "#6c4124", brow: "#553420" },
    { base: "#a87a4f", shade: "#875d36", brow: "#6e4a2c" },
  ],
  black: [
    { base: "#2c2422", shade: "#191312", brow: "#1c1615" },
    { base: "#3b2c27", shade: "#241a17", brow: "#241a17" },
  ],
  red: [
    { base: "#b8552c", shade: "#8e3c1b", brow: "#8a4428" },
    { base: "#c9703a", shade: "#a35224", brow: "#9a5530" },
    { base: "#8e3420", shade: "#6b2314", brow: "#6b2a1c" },
  ],
  grey: [{ base: "#bdb9b4", shade: "#98938d", brow: "#8c8781" }],
};
const WHITE_HAIR = { base: "#e9e6e1", shade: "#c7c2bb", brow: "#aaa49d" } as const;

const SCENES: readonly (readonly [string, string, string])[] = [
  ["#f6d9cf", "#eeb8a6", "#e07a5f"],
  ["#d7e8f0", "#a9cde0", "#3d7ea6"],
  ["#e3ecd7", "#bcd3a3", "#5f8f4e"],
  ["#ece1f4", "#cdb8e3", "#7b5ea7"],
  ["#fbecc8", "#f2cf7e", "#d6902c"],
  ["#d6efe9", "#9fd6c9", "#2a9d8f"],
  ["#f8dde8", "#eeb0c8", "#c2457a"],
  ["#2f3a56", "#46557a", "#f2b880"],
  ["#3a2e4f", "#594673", "#f4a6a6"],
  ["#1f4f4a", "#2f6e66", "#f6c667"],
  ["#f3e6d8", "#dcc3a8", "#9c6644"],
  ["#e4e9f7", "#bcc8ee", "#5468c4"],
];

const CLOTH: Record<"young" | "middle" | "older", readonly string[]> = {
  young: ["#e76f51", "#2a9d8f", "#e9c46a", "#8e7dbe", "#4d7cc1", "#f28482", "#3d405b", "#ffffff", "#1d1d24", "#7fb069"],
  middle: ["#0f7173", "#9b2c4b", "#25406b", "#c6883f", "#4a5d3a", "#6d3b6b", "#d9d3c7", "#b84a3b", "#1d1d24", "#5a7fa8"],
  older: ["#8a79b0", "#c7808f", "#7e9c8a", "#2f4b6e", "#efe6d7", "#b5654a", "#6f8fb0", "#8d5b7a", "#4f6f64"],
};
const LIPS = ["#c2506a", "#b33951", "#d46a6a", "#a8455b", "#c97b73", "#9e2a3a"] as const;

/** FNV-1a, for a seed from the key text. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Mulberry32: small, fast and good enough to spread looks. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    chance: (p: number) => next() < p,
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!,
  };
}

function hairOf(hair: HairColour, age: number, pick: <T>(values: readonly T[]) => T): Palette & { brow: string } {
  if (hair === "grey") return age >= 68 ? WHITE_HAIR : HAIR.grey[0]!;
  // Bald heads keep some hair at the sides: brown, or grey with age.
  if (hair === "bald") return age >= 55 ? HAIR.grey[0]! : pick(HAIR.brown);
  return pick(HAIR[hair]);
}

/** Skin tones that go with the hair: red and light blonde hair on the lighter half more often. */
function skinOf(hair: HairColour, pick: <T>(values: readonly T[]) => T) {
  if (hair === "red") return pick([SKINS[0], SKINS[0], SKINS[1], SKINS[2]]);
  if (hair === "blonde") return pick([SKINS[0], SKINS[1], SKINS[1], SKINS[2], SKINS[3], SKINS[4]]);
  return pick(SKINS);
}

/** The whole look for a subject; a pure function of the subject. */
export function lookOf(subject: AvatarSubject): AvatarLook {
  const { gender, age, body, hair } = subject;
  const r = random(hash(`${gender}${age}${body}${hair}${subject.variant}`));
  const female = gender === "female";
  const band = age < 35 ? "young" : age < 55 ? "middle" : "older";
  const full = body === "curvy" || body === "full_figured";

  const femaleStyles: Hairstyle[] =
    band === "young" ? ["long", "wavy", "ponytail", "bun", "curly", "lob", "long"] : band === "middle" ? ["wavy", "bob", "lob", "long", "pixie", "curly", "bun"] : ["bob", "pixie", "lob", "curly", "bob", "pixie"];
  const maleStyles: Hairstyle[] =
    band === "young" ? ["crop", "quiff", "curly", "buzz", "swept", "sidepart"] : band === "middle" ? ["crop", "sidepart", "buzz", "receding", "swept", "curly"] : ["receding", "sidepart", "crop", "receding", "buzz"];
  const hairstyle: Hairstyle = hair === "bald" ? (female ? "pixie" : "bald") : r.pick(female ? femaleStyles : maleStyles);

  const glassesChance = age < 30 ? 0.1 : age < 45 ? 0.22 : age < 55 ? 0.38 : age < 65 ? 0.55 : 0.7;
  const tops: Top[] = female
    ? band === "young" ? ["tee", "vneck", "hoodie", "stripes", "knit", "blouse", "tee"] : band === "middle" ? ["blouse", "blazer", "vneck", "knit", "turtleneck", "stripes", "blouse"] : ["cardigan", "blouse", "knit", "turtleneck", "blazer", "cardigan"]
    : band === "young" ? ["tee", "hoodie", "shirt", "stripes", "knit", "vneck"] : band === "middle" ? ["shirt", "blazer", "knit", "tee", "vneck", "shirt"] : ["shirt", "knit", "cardigan", "blazer", "turtleneck"];
  const top = r.pick(tops);
  const palette = CLOTH[band];
  const base = r.pick(palette);
  const scene = r.pick(SCENES);

  return {
    subject,
    style: r.pick(ART_STYLES),
    backdrop: r.pick(BACKDROPS),
    scene,
    // Curvy and full figures always down to the hips, in a pose that leaves a side free, so the figure shows.
    framing: full ? "figure" : r.pick(["portrait", "portrait", "bust", "bust", "half", "half", "figure"] as const),
    pose: r.pick(full ? (["hip", "cross", "hair", "cup", "hip"] as const) : POSES),
    mirrored: r.chance(0.5),
    tilt: r.pick([-6, -3, 0, 0, 3, 6]),
    turn: r.pick([-5, 0, 0, 5]),
    skin: skinOf(hair, r.pick),
    hairColour: hairOf(hair, age, r.pick),
    greying: hair !== "grey" && hair !== "bald" && age >= 45 && r.chance((age - 38) / 36),
    hairstyle,
    beard: female ? "none" : r.pick(age < 30 ? (["none", "none", "stubble", "short", "goatee"] as const) : (["none", "stubble", "short", "full", "goatee", "moustache", "short"] as const)),
    top,
    cloth: { base, shade: shade(base) },
    inner: r.pick(["#ffffff", "#f1ece4", "#1d1d24", r.pick(palette)]),
    sleeves: top === "tee" || top === "vneck" || top === "stripes" ? (r.chance(0.7) ? "short" : "long") : "long",
    glasses: r.chance(glassesChance) ? r.pick(female ? (["round", "cat", "wire", "square"] as const) : (["round", "square", "wire", "square"] as const)) : "none",
    earrings: female ? r.pick(band === "older" ? (["studs", "drops", "studs", "none"] as const) : (["studs", "hoops", "drops", "none"] as const)) : "none",
    necklace: female ? r.pick(band === "older" ? (["pearls", "chain", "none", "pearls"] as const) : (["chain", "none", "none", "pearls"] as const)) : "none",
    scarf: band === "older" && r.chance(0.25) && top !== "turtleneck",
    lips: female ? r.pick(LIPS) : "#a2574a",
    smile: r.pick(["open", "soft", "grin", "open"] as const),
    eyes: r.chance(band === "older" ? 0.35 : 0.2) ? "happy" : "open",
  };
}

/** A darker tone of a #rrggbb colour, for folds and shadows. */
export function shade(colour: string, by = 0.78): string {
  const n = Number.parseInt(colour.slice(1), 16);
  const channel = (shift: number) => Math.round(((n >> shift) & 255) * by);
  return `#${((channel(16) << 16) | (channel(8) << 8) | channel(0)).toString(16).padStart(6, "0")}`;
}
