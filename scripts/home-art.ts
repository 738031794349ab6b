/**
 * Draws the home page's hero art, one file per niche, into app/art/home/<niche>.svg:
 * `npx tsx scripts/home-art.ts` after changing a scene here. Each file holds symbols the page
 * shows through <use>: the scene and the small icons of the trust points. Shapes are coloured by
 * CSS custom properties (--art-*) that the page sets from the brand's theme, so one drawing suits
 * every brand; skin and hair keep their own colours. Illustrated people only, never photos.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { SCENE_SIZE as SCENE, TRUST_ICONS } from "../app/art/home/scene";
import { NICHES, type NicheName } from "../server/sites/schema";

const OUT = path.resolve("app/art/home");

/** Theme colours by role, with the default palette as fallback where a page sets none. */
const paint = {
  glow: "var(--art-glow,#fff)",
  primary: "var(--art-primary,#4fb3e8)",
  strong: "var(--art-strong,#0b6e9e)",
  secondary: "var(--art-secondary,#f28c28)",
  accent: "var(--art-accent,#f28c28)",
  surface: "var(--art-surface,#fff)",
  ink: "var(--art-ink,#1d2733)",
};

const SKIN = { porcelain: "#f6d5c3", peach: "#eebb99", olive: "#d39a6a", tan: "#b9784f", brown: "#8d5535", deep: "#5e3622" };
const HAIR = { black: "#1f1a1c", espresso: "#3b2418", chestnut: "#6b3a22", auburn: "#8e3b1f", honey: "#b07a3c", blond: "#d9b26a", silver: "#c9c9cf", grey: "#9a9aa3" };

const BLUSH = "#e46f6f";

type HairStyle = "short" | "crop" | "long" | "bob" | "bun" | "curly" | "wavy";
type Figure = {
  x: number;
  /** Head tilt in degrees, towards the partner. */
  tilt: number;
  skin: string;
  hair: HairStyle;
  hairColour: string;
  build: "slim" | "broad" | "curvy";
  top: string;
  neckline: "v" | "round" | "collar";
  beard?: boolean;
  glasses?: boolean;
  earrings?: boolean;
  mask?: boolean;
  /** Lines at the eyes and a streak of grey: a face that has lived. */
  mature?: boolean;
  /** Head centre height; the taller one is higher. */
  headY?: number;
};

const n = (value: number) => Number(value.toFixed(1));
const d = (parts: TemplateStringsArray, ...values: number[]) => parts.reduce((out, part, i) => out + part + (i < values.length ? n(values[i]!) : ""), "");

function hairBack(f: Figure, r: number, hy: number): string {
  const { x } = f;
  const fill = f.hairColour;
  switch (f.hair) {
    case "long":
    case "wavy": {
      const end = hy + r * 2.5;
      const wave = f.hair === "wavy" ? r * 0.22 : 0;
      return `<path fill="${fill}" d="${d`M${x - r - 16},${end} C${x - r - 30 - wave},${hy + r * 0.8} ${x - r - 22},${hy - r * 1.45} ${x},${hy - r * 1.32} C${x + r + 22},${hy - r * 1.45} ${x + r + 30 + wave},${hy + r * 0.8} ${x + r + 16},${end} Q${x + r * 0.4},${end + r * 0.25} ${x},${end - r * 0.1} Q${x - r * 0.4},${end + r * 0.25} ${x - r - 16},${end} Z`}"/>`;
    }
    case "bob":
      return `<path fill="${fill}" d="${d`M${x - r - 14},${hy + r * 1.05} C${x - r - 24},${hy - r * 1.4} ${x + r + 24},${hy - r * 1.4} ${x + r + 14},${hy + r * 1.05} Q${x + r},${hy + r * 1.25} ${x + r * 0.6},${hy + r * 1.05} L${x - r * 0.6},${hy + r * 1.05} Q${x - r},${hy + r * 1.25} ${x - r - 14},${hy + r * 1.05} Z`}"/>`;
    case "bun":
      return `<circle fill="${fill}" cx="${n(x + r * 0.15)}" cy="${n(hy - r * 1.2)}" r="${n(r * 0.52)}"/>`;
    case "curly": {
      const puffs: string[] = [];
      for (let angle = 140; angle <= 400; angle += 22) {
        const a = (angle * Math.PI) / 180;
        puffs.push(`<circle cx="${n(x + Math.cos(a) * r * 1.02)}" cy="${n(hy + Math.sin(a) * r * 1.02)}" r="${n(r * 0.5)}"/>`);
      }
      return `<g fill="${fill}">${puffs.join("")}<ellipse cx="${x}" cy="${n(hy + r * 0.3)}" rx="${n(r * 1.35)}" ry="${n(r * 1.2)}"/></g>`;
    }
    default:
      return "";
  }
}

function hairFront(f: Figure, r: number, hy: number): string {
  const { x } = f;
  const fill = f.hairColour;
  switch (f.hair) {
    case "short":
      return `<path fill="${fill}" d="${d`M${x - r - 3},${hy + 4} C${x - r - 6},${hy - r * 1.4} ${x + r + 6},${hy - r * 1.4} ${x + r + 3},${hy + 4} C${x + r - 5},${hy - r * 0.35} ${x},${hy - r * 0.8} ${x - r * 0.55},${hy - r * 0.42} C${x - r * 0.8},${hy - r * 0.2} ${x - r + 2},${hy - 2} ${x - r - 3},${hy + 4} Z`}"/>`;
    case "crop":
      return `<path fill="${fill}" d="${d`M${x - r - 1},${hy - 2} C${x - r - 2},${hy - r * 1.28} ${x + r + 2},${hy - r * 1.28} ${x + r + 1},${hy - 2} C${x + r - 8},${hy - r * 0.55} ${x - r + 8},${hy - r * 0.55} ${x - r - 1},${hy - 2} Z`}"/>`;
    case "long":
    case "wavy":
      return `<path fill="${fill}" d="${d`M${x - r - 4},${hy + 14} C${x - r - 6},${hy - r * 1.35} ${x + r + 6},${hy - r * 1.35} ${x + r + 4},${hy + 14} C${x + r - 6},${hy - r * 0.3} ${x + r * 0.3},${hy - r * 0.55} ${x + r * 0.05},${hy - r * 0.78} C${x - r * 0.3},${hy - r * 0.5} ${x - r + 6},${hy - r * 0.3} ${x - r - 4},${hy + 14} Z`}"/>`;
    case "bob":
      return `<path fill="${fill}" d="${d`M${x - r - 5},${hy + 20} C${x - r - 8},${hy - r * 1.4} ${x + r + 8},${hy - r * 1.4} ${x + r + 5},${hy + 20} C${x + r - 2},${hy - r * 0.2} ${x + r * 0.2},${hy - r * 0.25} ${x - r * 0.35},${hy - r * 0.62} C${x - r * 0.65},${hy - r * 0.3} ${x - r + 4},${hy - r * 0.1} ${x - r - 5},${hy + 20} Z`}"/>`;
    case "bun":
      return `<path fill="${fill}" d="${d`M${x - r - 2},${hy + 6} C${x - r - 4},${hy - r * 1.35} ${x + r + 4},${hy - r * 1.35} ${x + r + 2},${hy + 6} C${x + r - 6},${hy - r * 0.45} ${x - r + 6},${hy - r * 0.45} ${x - r - 2},${hy + 6} Z`}"/>`;
    case "curly": {
      const puffs: string[] = [];
      for (let angle = 200; angle <= 340; angle += 28) {
        const a = (angle * Math.PI) / 180;
        puffs.push(`<circle cx="${n(x + Math.cos(a) * r * 0.8)}" cy="${n(hy + Math.sin(a) * r * 0.8)}" r="${n(r * 0.36)}"/>`);
      }
      return `<g fill="${fill}">${puffs.join("")}</g>`;
    }
  }
}

function figure(f: Figure): string {
  const { x, skin } = f;
  const r = f.build === "curvy" ? 47 : 44;
  const hy = f.headY ?? 196;
  const sy = hy + r * 1.6;
  const w = f.build === "curvy" ? 150 : f.build === "broad" ? 132 : 112;
  const bottom = SCENE.height;
  const torso = d`M${x - w},${bottom} C${x - w},${sy + 60} ${x - w + 22},${sy + 4} ${x - w * 0.42},${sy} L${x + w * 0.42},${sy} C${x + w - 22},${sy + 4} ${x + w},${sy + 60} ${x + w},${bottom} Z`;
  const neckline =
    f.neckline === "v"
      ? `<path fill="${skin}" d="${d`M${x - 24},${sy - 1} L${x},${sy + 44} L${x + 24},${sy - 1} Z`}"/>`
      : f.neckline === "round"
        ? `<path fill="${skin}" d="${d`M${x - 28},${sy - 1} Q${x},${sy + 34} ${x + 28},${sy - 1} Z`}"/>`
        : `<path fill="${skin}" d="${d`M${x - 16},${sy - 1} L${x},${sy + 26} L${x + 16},${sy - 1} Z`}"/><path fill="${paint.surface}" d="${d`M${x - 30},${sy - 4} L${x - 4},${sy + 30} L${x - 18},${sy + 34} Z M${x + 30},${sy - 4} L${x + 4},${sy + 30} L${x + 18},${sy + 34} Z`}"/>`;
  const eye = (ex: number) => `<path d="${d`M${ex - 7},${hy + 2} Q${ex},${hy + 9} ${ex + 7},${hy + 2}`}"/>`;
  const face = [
    `<circle fill="${BLUSH}" opacity=".4" cx="${n(x - r * 0.55)}" cy="${n(hy + r * 0.38)}" r="8"/>`,
    `<circle fill="${BLUSH}" opacity=".4" cx="${n(x + r * 0.55)}" cy="${n(hy + r * 0.38)}" r="8"/>`,
    `<g fill="none" stroke="#2a1a17" stroke-width="3" stroke-linecap="round">${eye(x - r * 0.38)}${eye(x + r * 0.38)}<path d="${d`M${x - 10},${hy + r * 0.5} Q${x},${hy + r * 0.68} ${x + 10},${hy + r * 0.5}`}"/>${
      f.mature ? `<path stroke-width="1.6" opacity=".5" d="${d`M${x - r * 0.78},${hy - 2} l-5,-3 M${x - r * 0.78},${hy + 4} l-6,1 M${x + r * 0.78},${hy - 2} l5,-3 M${x + r * 0.78},${hy + 4} l6,1`}"/>` : ""
    }</g>`,
  ].join("");
  const beard = f.beard
    ? `<path fill="${f.hairColour}" d="${d`M${x - r * 0.92},${hy + r * 0.05} C${x - r * 0.9},${hy + r * 1.3} ${x + r * 0.9},${hy + r * 1.3} ${x + r * 0.92},${hy + r * 0.05} C${x + r * 0.6},${hy + r * 0.42} ${x + r * 0.3},${hy + r * 0.36} ${x},${hy + r * 0.4} C${x - r * 0.3},${hy + r * 0.36} ${x - r * 0.6},${hy + r * 0.42} ${x - r * 0.92},${hy + r * 0.05} Z`}"/><path fill="none" stroke="${skin}" stroke-width="3" stroke-linecap="round" d="${d`M${x - 9},${hy + r * 0.6} Q${x},${hy + r * 0.74} ${x + 9},${hy + r * 0.6}`}"/>`
    : "";
  const glasses = f.glasses
    ? `<g fill="none" stroke="${paint.ink}" stroke-width="2.6"><circle cx="${n(x - r * 0.38)}" cy="${n(hy + 3)}" r="${n(r * 0.27)}"/><circle cx="${n(x + r * 0.38)}" cy="${n(hy + 3)}" r="${n(r * 0.27)}"/><path d="${d`M${x - r * 0.11},${hy + 1} Q${x},${hy - 4} ${x + r * 0.11},${hy + 1}`}"/></g>`
    : "";
  const earrings = f.earrings
    ? `<g fill="${paint.secondary}"><circle cx="${n(x - r * 0.98)}" cy="${n(hy + r * 0.55)}" r="5"/><circle cx="${n(x + r * 0.98)}" cy="${n(hy + r * 0.55)}" r="5"/></g>`
    : "";
  // A masquerade mask with upswept tips and a feather: the play of the BDSM brand, kept elegant.
  const mask = f.mask
    ? `<path fill="${paint.secondary}" d="${d`M${x - r * 1.05},${hy - r * 0.32} C${x - r * 0.7},${hy - r * 0.2} ${x - r * 0.2},${hy - r * 0.3} ${x},${hy - r * 0.06} C${x + r * 0.2},${hy - r * 0.3} ${x + r * 0.7},${hy - r * 0.2} ${x + r * 1.05},${hy - r * 0.32} C${x + r * 0.85},${hy + r * 0.3} ${x + r * 0.25},${hy + r * 0.32} ${x},${hy + r * 0.14} C${x - r * 0.25},${hy + r * 0.32} ${x - r * 0.85},${hy + r * 0.3} ${x - r * 1.05},${hy - r * 0.32} Z`}"/><g fill="#2a1a17"><ellipse cx="${n(x - r * 0.4)}" cy="${n(hy + 3)}" rx="9" ry="4.5"/><ellipse cx="${n(x + r * 0.4)}" cy="${n(hy + 3)}" rx="9" ry="4.5"/></g><path fill="${paint.glow}" opacity=".85" d="${d`M${x + r * 0.95},${hy - r * 0.25} c14,-26 32,-36 48,-32 c-10,12 -24,26 -44,36 Z`}"/>`
    : "";
  const head = `<g transform="rotate(${f.tilt} ${x} ${n(hy + r * 1.2)})">${hairBack(f, r, hy)}<rect fill="${skin}" x="${x - 14}" y="${n(hy + r * 0.6)}" width="28" height="${n(sy - hy - r * 0.6 + 12)}" rx="12"/><circle fill="${skin}" cx="${x}" cy="${hy}" r="${r}"/>${face}${beard}${hairFront(f, r, hy)}${glasses}${earrings}${mask}</g>`;
  return `<g>${head}<path fill="${f.top}" d="${torso}"/>${neckline}</g>`;
}

const heart = (x: number, y: number, size: number, fill: string, extra = "") =>
  `<path fill="${fill}"${extra} d="${d`M${x},${y + size * 0.9} C${x - size * 1.3},${y} ${x - size * 0.7},${y - size * 0.9} ${x},${y - size * 0.3} C${x + size * 0.7},${y - size * 0.9} ${x + size * 1.3},${y} ${x},${y + size * 0.9} Z`}"/>`;
const sparkle = (x: number, y: number, size: number, opacity = 0.8) =>
  `<path fill="${paint.glow}" opacity="${opacity}" d="${d`M${x},${y - size} Q${x + size * 0.18},${y - size * 0.18} ${x + size},${y} Q${x + size * 0.18},${y + size * 0.18} ${x},${y + size} Q${x - size * 0.18},${y + size * 0.18} ${x - size},${y} Q${x - size * 0.18},${y - size * 0.18} ${x},${y - size} Z`}"/>`;

/** A chat bubble with three dots: the conversation about to start. */
const bubble = (x: number, y: number) =>
  `<g><rect fill="${paint.surface}" x="${x}" y="${y}" width="104" height="56" rx="22"/><path fill="${paint.surface}" d="${d`M${x + 22},${y + 50} l-6,20 l22,-16 Z`}"/><g fill="${paint.strong}"><circle cx="${x + 32}" cy="${y + 28}" r="6"/><circle cx="${x + 52}" cy="${y + 28}" r="6" opacity=".7"/><circle cx="${x + 72}" cy="${y + 28}" r="6" opacity=".45"/></g></g>`;
/** A round badge with a heart: the like that came back. */
const likeBadge = (x: number, y: number) =>
  `<g><circle fill="${paint.surface}" cx="${x}" cy="${y}" r="34"/>${heart(x, y, 18, paint.accent)}</g>`;

function backdrop(extra = ""): string {
  return [
    `<circle fill="${paint.glow}" opacity=".13" cx="410" cy="150" r="120"/>`,
    `<circle fill="${paint.glow}" opacity=".08" cx="150" cy="330" r="170"/>`,
    `<path fill="${paint.glow}" opacity=".1" d="M40 460 C60 340 150 270 280 262 C410 254 500 330 525 460 Z"/>`,
    sparkle(70, 60, 12),
    sparkle(505, 66, 9, 0.7),
    sparkle(520, 300, 7, 0.6),
    sparkle(36, 250, 8, 0.55),
    extra,
  ].join("");
}

/** A ribbon of silk across the scene (the BDSM brand's scene is about trust, not gear). */
const ribbon = `<path fill="none" stroke="${paint.secondary}" stroke-width="14" stroke-linecap="round" opacity=".9" d="M-10 420 C90 360 160 470 270 400 C370 336 430 430 570 360"/><path fill="none" stroke="${paint.glow}" stroke-width="3" stroke-linecap="round" opacity=".35" d="M-10 414 C90 354 160 464 270 394 C370 330 430 424 570 354"/>`;

/** The right one's arm around the left one's shoulders, the hand resting on the far shoulder. */
function embrace(left: Figure, right: Figure): string {
  const leftShoulder = (left.headY ?? 196) + 44 * 1.6;
  const rightShoulder = (right.headY ?? 196) + 44 * 1.6;
  const hand = { x: left.x - 66, y: leftShoulder + 12 };
  return `<path fill="none" stroke="${right.top}" stroke-width="28" stroke-linecap="round" d="${d`M${right.x - 40},${rightShoulder + 56} C${right.x - 100},${rightShoulder + 22} ${left.x + 10},${leftShoulder - 4} ${hand.x + 14},${hand.y - 4}`}"/><ellipse fill="${right.skin}" cx="${hand.x}" cy="${hand.y}" rx="17" ry="14" transform="rotate(-20 ${hand.x} ${hand.y})"/>`;
}

/** Two people leaning in, and what a dating app adds: the chat, the like, a spark. */
function couple(left: Figure, right: Figure, { decor = "", front = "" } = {}): string {
  return [
    backdrop(decor),
    figure(left),
    figure(right),
    embrace(left, right),
    heart(280, 92, 20, paint.accent),
    heart(318, 60, 11, paint.glow, ' opacity=".8"'),
    bubble(36, 112),
    likeBadge(486, 226),
    front,
  ].join("");
}

const SCENES: Record<NicheName, string> = {
  none: couple(
    { x: 205, tilt: 9, skin: SKIN.peach, hair: "long", hairColour: HAIR.chestnut, build: "slim", top: paint.secondary, neckline: "v", earrings: true, headY: 206 },
    { x: 360, tilt: -8, skin: SKIN.brown, hair: "short", hairColour: HAIR.black, build: "broad", top: paint.strong, neckline: "collar", headY: 184 },
  ),
  she: couple(
    { x: 205, tilt: 9, skin: SKIN.deep, hair: "curly", hairColour: HAIR.black, build: "slim", top: paint.strong, neckline: "round", earrings: true, headY: 200 },
    { x: 360, tilt: -9, skin: SKIN.porcelain, hair: "bob", hairColour: HAIR.auburn, build: "slim", top: paint.secondary, neckline: "v", headY: 196 },
  ),
  bdsm: couple(
    { x: 205, tilt: 8, skin: SKIN.olive, hair: "long", hairColour: HAIR.black, build: "slim", top: paint.ink, neckline: "v", mask: true, earrings: true, headY: 206 },
    { x: 360, tilt: -7, skin: SKIN.peach, hair: "crop", hairColour: HAIR.espresso, build: "broad", top: paint.ink, neckline: "round", headY: 184 },
    { front: ribbon },
  ),
  bbw: couple(
    { x: 215, tilt: 8, skin: SKIN.tan, hair: "wavy", hairColour: HAIR.espresso, build: "curvy", top: paint.secondary, neckline: "v", earrings: true, headY: 204 },
    { x: 380, tilt: -7, skin: SKIN.porcelain, hair: "short", hairColour: HAIR.honey, build: "broad", top: paint.strong, neckline: "collar", beard: true, headY: 184 },
  ),
  gilf: couple(
    { x: 205, tilt: 8, skin: SKIN.porcelain, hair: "bun", hairColour: HAIR.silver, build: "slim", top: paint.secondary, neckline: "round", glasses: true, earrings: true, mature: true, headY: 204 },
    { x: 360, tilt: -7, skin: SKIN.olive, hair: "crop", hairColour: HAIR.grey, build: "broad", top: paint.strong, neckline: "collar", beard: true, mature: true, headY: 186 },
  ),
  milf: couple(
    { x: 205, tilt: 8, skin: SKIN.peach, hair: "bob", hairColour: HAIR.blond, build: "slim", top: paint.secondary, neckline: "v", earrings: true, mature: true, headY: 200 },
    { x: 360, tilt: -7, skin: SKIN.tan, hair: "short", hairColour: HAIR.espresso, build: "broad", top: paint.strong, neckline: "round", headY: 184 },
  ),
  gay: couple(
    { x: 205, tilt: 8, skin: SKIN.brown, hair: "crop", hairColour: HAIR.black, build: "broad", top: paint.secondary, neckline: "round", beard: true, headY: 196 },
    { x: 360, tilt: -8, skin: SKIN.peach, hair: "short", hairColour: HAIR.chestnut, build: "broad", top: paint.strong, neckline: "collar", headY: 186 },
  ),
};

/** Line icons of the trust points, 24 units square, drawn in the text colour. */
const ICONS: Record<(typeof TRUST_ICONS)[number], string> = {
  lock: `<rect x="5" y="11" width="14" height="10" rx="2"/><path d="M8 11V8a4 4 0 0 1 8 0v3"/><path d="M12 15v2"/>`,
  shield: `<path d="M12 3l7 3v5c0 4.5-3 8.2-7 10-4-1.8-7-5.5-7-10V6z"/><path d="M9 12l2 2 4-4"/>`,
  heart: `<path d="M12 20s-7-4.35-7-10a4 4 0 0 1 7-2.65A4 4 0 0 1 19 10c0 5.65-7 10-7 10Z"/>`,
};

function file(niche: NicheName): string {
  const icons = Object.entries(ICONS)
    .map(([name, body]) => `<symbol id="${name}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${body}</symbol>`)
    .join("\n");
  return `<svg xmlns="http://www.w3.org/2000/svg">
<symbol id="scene" viewBox="0 0 ${SCENE.width} ${SCENE.height}">${SCENES[niche]}</symbol>
${icons}
</svg>
`;
}

await mkdir(OUT, { recursive: true });
for (const niche of NICHES) await writeFile(path.join(OUT, `${niche}.svg`), file(niche));
console.log(`wrote ${NICHES.length} scenes to ${path.relative(process.cwd(), OUT)}`);
