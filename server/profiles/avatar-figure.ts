import { shade, type AvatarLook, type Hairstyle, type Palette } from "./avatar-look";

/**
 * The person in a demo portrait, drawn in figure units: the head's centre is (0, 0), the face about
 * 92 wide, the shoulders at y≈105, the waist at 250 and the hips at 330. The portrait places and
 * scales this group (avatar-svg.ts). Shapes carry their own colours; `line` art adds outlines to the
 * silhouettes.
 */

type Body = { shoulder: number; chest: number; waist: number; hip: number; arm: number };

export const BODIES: Record<"female" | "male", Record<AvatarLook["subject"]["body"], Body>> = {
  female: {
    slim: { shoulder: 66, chest: 58, waist: 44, hip: 58, arm: 15 },
    athletic: { shoulder: 72, chest: 62, waist: 50, hip: 62, arm: 18 },
    average: { shoulder: 70, chest: 64, waist: 56, hip: 68, arm: 19 },
    curvy: { shoulder: 76, chest: 86, waist: 62, hip: 106, arm: 25 },
    full_figured: { shoulder: 92, chest: 106, waist: 100, hip: 124, arm: 34 },
  },
  male: {
    slim: { shoulder: 76, chest: 66, waist: 56, hip: 58, arm: 17 },
    athletic: { shoulder: 94, chest: 84, waist: 62, hip: 64, arm: 24 },
    average: { shoulder: 84, chest: 76, waist: 68, hip: 70, arm: 21 },
    curvy: { shoulder: 86, chest: 80, waist: 78, hip: 80, arm: 23 },
    full_figured: { shoulder: 96, chest: 94, waist: 98, hip: 94, arm: 29 },
  },
};

const INK = "#2b2230";
const GOLD = "#d9a441";
const BOTTOMS = ["#3f5a80", "#2b2b33", "#c9b89a", "#5b4a6b", "#6d7f5a"] as const;

/** Outline attributes for silhouettes in line art; nothing otherwise. */
type Outline = string;

function mirror(path: (side: 1 | -1) => string): string {
  return path(-1) + path(1);
}

/** The clothes' lighter tone: collars, cuffs. */
function tint(colour: string): string {
  const n = Number.parseInt(colour.slice(1), 16);
  const channel = (shift: number) => Math.round(((n >> shift) & 255) * 0.6 + 255 * 0.4);
  return `#${((channel(16) << 16) | (channel(8) << 8) | channel(0)).toString(16).padStart(6, "0")}`;
}

const CURLS_BACK = [[0, -62, 30], [-34, -52, 26], [34, -52, 26], [-54, -22, 24], [54, -22, 24], [-60, 10, 22], [60, 10, 22], [-58, 40, 19], [58, 40, 19], [-44, 62, 15], [44, 62, 15]] as const;
const CURLS_FRONT = [[-30, -42, 15], [-10, -52, 17], [12, -52, 17], [32, -42, 15], [-44, -22, 11], [45, -20, 11]] as const;
const CURLS_SHORT = [[-36, -34, 14], [-20, -48, 15], [-2, -54, 16], [17, -51, 16], [34, -42, 14], [44, -24, 11], [-45, -18, 10]] as const;
const circles = (list: readonly (readonly [number, number, number])[], fill: string, o: Outline) => `<g fill="${fill}"${o}>${list.map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}"/>`).join("")}</g>`;

/** Hair behind the head and body, locks over the shoulders, and hair over the forehead. */
function hair(style: Hairstyle, female: boolean, c: Palette, o: Outline): { back: string; locks: string; front: string } {
  const p = (d: string, fill = c.base) => `<path d="${d}" fill="${fill}"${o}/>`;
  const sleek = p("M-48 4C-54-88 54-88 48 4C44-26 26-42 0-44C-26-42-44-26-48 4Z");
  switch (style) {
    case "long":
      return {
        back: p("M-52-14C-60-92 60-92 52-14L58 120Q0 138-58 120Z", c.shade),
        locks: p(mirror((s) => `M${-47 * s} 0C${-56 * s} 50 ${-58 * s} 100 ${-52 * s} 150L${-36 * s} 146C${-40 * s} 100 ${-40 * s} 50 ${-36 * s} 8Z`)),
        front: p("M-48 4C-56-84 44-90 50-6C42-36 22-44 2-46C-14-34-30-20-48 4Z"),
      };
    case "wavy":
      return {
        back: p("M-52-14C-62-94 62-94 52-14C60 20 50 40 62 70C70 96 52 110 60 130Q0 146-60 130C-52 110-70 96-62 70C-50 40-60 20-52-14Z", c.shade),
        locks: p(mirror((s) => `M${-46 * s} 0C${-60 * s} 30 ${-44 * s} 60 ${-58 * s} 90C${-64 * s} 110 ${-50 * s} 130 ${-56 * s} 146L${-38 * s} 140C${-34 * s} 120 ${-46 * s} 104 ${-40 * s} 86C${-30 * s} 60 ${-44 * s} 30 ${-34 * s} 8Z`)),
        front: p("M-48 6C-58-86 58-86 48 6C44-24 28-40 2-46C-24-40-44-24-48 6Z"),
      };
    case "bob":
      return {
        back: p("M-54-12C-62-94 62-94 54-12L58 44Q50 54 36 52L-36 52Q-50 54-58 44Z", c.shade),
        locks: "",
        front: p("M-50 10C-56-90 56-90 50 10C46-14 42-24 38-28C14-22-14-22-38-28C-42-24-46-14-50 10Z"),
      };
    case "lob":
      return {
        back: p("M-54-12C-62-94 62-94 54-12L60 78Q48 90 30 84L-30 84Q-48 90-60 78Z", c.shade),
        locks: "",
        front: p("M-50 8C-58-86 44-92 52 0C44-34 20-44 0-46C-16-34-32-20-50 8Z"),
      };
    case "pixie":
      return {
        back: p("M-50 0C-56-88 56-88 50 0L49 18L-49 18Z", c.shade),
        locks: "",
        front: p("M-49 12C-58-84 34-96 52-10L49 10C42-18 26-34-4-38C-20-28-36-14-49 12Z"),
      };
    case "bun":
      return { back: `<circle cy="-64" r="24" fill="${c.shade}"${o}/>`, locks: "", front: sleek };
    case "ponytail":
      return {
        back: p("M30-40C70-40 78 10 66 60C60 90 70 110 58 130C50 100 44 80 46 50C48 10 50-20 30-40Z", c.shade),
        locks: "",
        front: `${sleek}<circle cx="40" cy="-34" r="6" fill="${INK}" opacity=".6"/>`,
      };
    case "curly":
      // Short curls for men, on a close cap so no scalp shows between them; a cloud of curls for women.
      return female
        ? { back: circles(CURLS_BACK, c.shade, o), locks: "", front: circles(CURLS_FRONT, c.base, o) }
        : { back: "", locks: "", front: p("M-47 0C-50-84 50-84 47 0C44-24 34-36 0-38C-34-36-44-24-47 0Z", c.shade) + circles(CURLS_SHORT, c.base, o) };
    case "crop":
      return { back: "", locks: "", front: p("M-49 2C-54-86 54-86 49 2C46-22 40-32 32-36C10-30-14-30-36-36C-42-30-46-20-49 2Z") };
    case "sidepart":
      return {
        back: "",
        locks: "",
        front: p("M-49 2C-56-86 52-90 50 2C46-24 40-34 30-38C10-34-8-38-18-48C-28-34-40-26-49 2Z") + `<path d="M-18-48Q-14-58-8-64" stroke="${c.shade}" stroke-width="3" fill="none"/>`,
      };
    case "quiff":
      return {
        back: "",
        locks: "",
        front: p("M-49 2C-54-50-30-74 0-78C30-82 58-66 49 2C46-22 40-32 32-36C10-30-14-30-36-36C-42-30-46-20-49 2Z") + p("M-20-70C0-82 30-80 44-60C24-70 6-70-10-62Z", c.shade),
      };
    case "buzz":
      return { back: "", locks: "", front: `<path d="M-47-6C-50-84 50-84 47-6C44-28 36-38 24-42C6-38-10-38-28-42C-38-38-44-28-47-6Z" fill="${c.base}" opacity=".8"/>` };
    case "receding":
      return {
        back: "",
        locks: "",
        front: p(mirror((s) => `M${-49 * s} 6C${-52 * s}-30 ${-44 * s}-50 ${-30 * s}-56L${-32 * s}-30C${-40 * s}-24 ${-44 * s}-12 ${-49 * s} 6Z`)) + `<path d="M-24-55Q0-64 24-55Q0-50-24-55Z" fill="${c.base}" opacity=".7"/>`,
      };
    case "bald":
      return {
        back: "",
        locks: "",
        front: p(mirror((s) => `M${-49 * s} 14C${-52 * s}-6 ${-50 * s}-20 ${-44 * s}-30L${-40 * s}-4C${-42 * s} 4 ${-44 * s} 10 ${-49 * s} 14Z`)) + `<ellipse cx="-16" cy="-44" rx="14" ry="7" fill="#fff" opacity=".25"/>`,
      };
    case "swept":
      return {
        back: p("M-50 0C-54-40 54-40 50 0L48 40L-48 40Z", c.shade),
        locks: "",
        front: p("M-50 10C-58-88 60-92 50 10C48-10 44-26 36-34C16-40-14-44-30-38C-40-30-46-14-50 10Z"),
      };
  }
}

function beard(look: AvatarLook, c: Palette, w: number, o: Outline): string {
  const colour = look.greying ? "#b3aea8" : c.base;
  const lower = (bottom: number) => `M${-w + 2} 6C${-w + 2} 48-22 ${bottom} 0 ${bottom}C22 ${bottom} ${w - 2} 48 ${w - 2} 6C${w - 10} 30 20 38 0 38C-20 38 ${-w + 10} 30 ${-w + 2} 6Z`;
  const moustache = `<path d="M-15 33Q-8 25 0 29Q8 25 15 33Q8 31 0 33Q-8 31-15 33Z" fill="${colour}"/>`;
  switch (look.beard) {
    case "stubble":
      return `<path d="${lower(66)}" fill="${c.shade}" opacity=".28"/>`;
    case "short":
      return `<path d="${lower(70)}" fill="${colour}"${o}/>${moustache}`;
    case "full":
      return `<path d="${lower(84)}" fill="${colour}"${o}/>${moustache}`;
    case "goatee":
      return `<path d="M-13 44Q0 38 13 44L10 64Q0 72-10 64Z" fill="${colour}"/>${moustache}`;
    case "moustache":
      return moustache;
    default:
      return "";
  }
}

/** Lines that come with the years: smile lines from 40, crow's feet from 45, more from 55 and 65. */
export function ageLines(age: number, skinShade: string, t: number): string {
  const lines: string[] = [];
  if (age >= 40) lines.push(`M${t - 18} 22Q${t - 23} 32 ${t - 16} 42M${t + 18} 22Q${t + 23} 32 ${t + 16} 42`);
  if (age >= 45) lines.push(mirror((s) => `M${t + 28 * s} -1l${6 * s}-3M${t + 29 * s} 4l${7 * s} 0M${t + 28 * s} 9l${6 * s} 3`));
  if (age >= 55) lines.push(`M${t - 24} 13Q${t - 17} 17 ${t - 10} 13M${t + 10} 13Q${t + 17} 17 ${t + 24} 13M-16-31Q0-35 16-31`);
  if (age >= 65) lines.push(`M-12-39Q0-43 12-39M${t - 13} 47Q${t - 16} 53 ${t - 13} 58M${t + 13} 47Q${t + 16} 53 ${t + 13} 58`);
  // Darker than the skin's shade, so the lines still read on a thumbnail.
  return lines.length > 0 ? `<path d="${lines.join("")}" stroke="${shade(skinShade, 0.8)}" stroke-width="${age >= 55 ? 2.6 : 2.2}" fill="none" stroke-linecap="round" opacity=".8"/>` : "";
}

function glasses(kind: AvatarLook["glasses"], t: number): string {
  if (kind === "none") return "";
  const frame = kind === "wire" ? GOLD : kind === "cat" ? "#7a1f3d" : kind === "round" ? "#6b3a2a" : INK;
  const lens = (x: number) =>
    kind === "square" ? `<rect x="${x - 12}" y="-6" width="24" height="19" rx="4"/>` : kind === "cat" ? `<path d="M${x - 12} -4Q${x} -9 ${x + 13} -8Q${x + 12} 13 ${x} 13Q${x - 12} 13 ${x - 12} -4Z"/>` : `<circle cx="${x}" cy="4" r="11"/>`;
  return `<g fill="#fff" fill-opacity=".18" stroke="${frame}" stroke-width="${kind === "wire" ? 1.8 : 2.8}">${lens(t - 17)}${lens(t + 17)}<path d="M${t - 6} 3Q${t} -1 ${t + 6} 3M${t - 29} 1L-46 -1M${t + 29} 1L46 -1" fill="none"/></g>`;
}

function face(look: AvatarLook, w: number, o: Outline): string {
  const { subject, skin, turn: t } = look;
  const female = subject.gender === "female";
  const chin = female ? 60 : 63;
  const jaw = Math.round(w * ((female ? 0.52 : 0.66) + (subject.body === "full_figured" ? 0.12 : 0)));
  const brow = Math.round(w * 0.62);
  const d = `M0-58C${brow}-58 ${w}-36 ${w}-2C${w} 30 ${jaw} ${chin} 0 ${chin}C${-jaw} ${chin} ${-w} 30 ${-w}-2C${-w}-36 ${-brow}-58 0-58Z`;
  const eye = (x: number, s: 1 | -1) =>
    look.eyes === "happy"
      ? `<path d="M${x - 5} 6Q${x} -1 ${x + 5} 6" stroke="${INK}" stroke-width="2.6" fill="none" stroke-linecap="round"/>`
      : `<ellipse cx="${x}" cy="4" rx="4.4" ry="5.4" fill="${INK}"/><circle cx="${x + 1.5}" cy="2" r="1.5" fill="#fff"/>` + (female ? `<path d="M${x + 4 * s} 0l${4 * s}-3" stroke="${INK}" stroke-width="1.8" stroke-linecap="round"/>` : "");
  const eyebrow = (x: number, s: 1 | -1) => `M${x - 8 * s}-12Q${x + s}-18 ${x + 9 * s}-12`;
  const m = t;
  const mouth =
    look.smile === "soft"
      ? female
        ? `<path d="M${m - 11} 36Q${m} 46 ${m + 11} 36Q${m} 39 ${m - 11} 36Z" fill="${look.lips}"/>`
        : `<path d="M${m - 10} 37Q${m} 44 ${m + 10} 37" stroke="#8e4a42" stroke-width="3" fill="none" stroke-linecap="round"/>`
      : `<path d="M${m - (look.smile === "grin" ? 14 : 12)} 34Q${m} 51 ${m + (look.smile === "grin" ? 14 : 12)} 34Q${m} 38 ${m - (look.smile === "grin" ? 14 : 12)} 34Z" fill="${female ? look.lips : "#8e4a42"}"/><path d="M${m - 9} 35.5Q${m} 39 ${m + 9} 35.5L${m + 8} 38Q${m} 41 ${m - 8} 38Z" fill="#fff"/>`;
  const blush = female || subject.age < 40 ? `<g fill="${skin.blush}" opacity="${female ? 0.3 : 0.15}"><circle cx="${t - 27}" cy="22" r="8"/><circle cx="${t + 27}" cy="22" r="8"/></g>` : "";
  const doubleChin = subject.body === "full_figured" ? `<path d="M-20 ${chin - 3}Q0 ${chin + 9} 20 ${chin - 3}" stroke="${skin.shade}" stroke-width="2" fill="none"/>` : "";
  const browColour = subject.hair === "grey" || look.greying ? "#9a958f" : look.hairColour.brow;
  return (
    `<path d="${d}" fill="${skin.base}"${o}/>${doubleChin}${ageLines(subject.age, skin.shade, t)}${blush}` +
    beard(look, look.hairColour, w, o) +
    mouth +
    eye(t - 17, -1) +
    eye(t + 17, 1) +
    `<path d="${eyebrow(t - 17, -1)}${eyebrow(t + 17, 1)}" stroke="${browColour}" stroke-width="${female ? 2.8 : 4.2}" fill="none" stroke-linecap="round"/>` +
    `<path d="M${t * 1.4 - 1} 10Q${t * 1.4 - 5} 22 ${t * 1.4} 24Q${t * 1.4 + 3} 25 ${t * 1.4 + 5} 22" stroke="${skin.shade}" stroke-width="2.4" fill="none" stroke-linecap="round"/>`
  );
}

/** The neckline's depth and whether it is a V; an open jacket shows a top under it. */
const NECKLINES: Record<AvatarLook["top"], { depth: number; v: boolean; open?: boolean }> = {
  tee: { depth: 88, v: false },
  stripes: { depth: 88, v: false },
  vneck: { depth: 112, v: true },
  blouse: { depth: 106, v: true },
  shirt: { depth: 102, v: true },
  blazer: { depth: 156, v: true, open: true },
  cardigan: { depth: 160, v: true, open: true },
  hoodie: { depth: 86, v: false },
  knit: { depth: 84, v: false },
  turtleneck: { depth: 72, v: false },
};

function torso(look: AvatarLook, b: Body, neck: number, o: Outline): string {
  const { top, cloth } = look;
  const line = NECKLINES[top];
  const { shoulder: s, chest: c, waist: w, hip: h } = b;
  const n = neck + 3;
  const left = `Q${-s + 6} 74 ${-s} 106Q${-c - 4} 136 ${-c} 170Q${-w} 212 ${-w} 250Q${-w} 292 ${-h} 330L${-h} 480L${h} 480`;
  const right = `L${h} 330Q${w} 292 ${w} 250Q${w} 212 ${c} 170Q${c + 4} 136 ${s} 106Q${s - 6} 74 ${n} 70Z`;
  const shape = (depth: number, v: boolean) => `M${n} 70${v ? "L0" : "Q0"} ${depth} ${-n} 70${left}${right}`;
  const bottom = BOTTOMS[look.subject.variant % BOTTOMS.length]!;
  const hips = `<path d="M${-w - 1} 252Q${-w} 292 ${-h} 330L${-h} 480L${h} 480L${h} 330Q${w} 292 ${w + 1} 252Q0 262 ${-w - 1} 252Z" fill="${bottom}"${o}/>`;
  let out = "";
  if (line.open) out += `<path d="${shape(88, false)}" fill="${look.inner}"${o}/>`;
  out += `<path d="${shape(line.depth, line.v)}" fill="${cloth.base}"${o}/>`;
  if (top === "stripes") out += `<path d="${shape(line.depth, line.v)}" fill="url(#st)"/>`;
  out += hips;
  const female = look.subject.gender === "female";
  // A hint of the figure: the bust line for women, chest or belly for men.
  if (female) out += `<path d="M${-c + 10} 174Q${-Math.round(c / 2)} ${Math.round(196 + c / 8)} -5 180M5 180Q${Math.round(c / 2)} ${Math.round(196 + c / 8)} ${c - 10} 174" stroke="${cloth.shade}" stroke-width="2.4" fill="none" opacity=".6"/>`;
  else if (look.subject.body === "full_figured") out += `<path d="M${-w + 12} 226Q0 ${270} ${w - 12} 226" stroke="${cloth.shade}" stroke-width="2.4" fill="none"/>`;
  else if (look.subject.body === "athletic") out += `<path d="M-44 166Q-22 178-4 168M4 168Q22 178 44 166" stroke="${cloth.shade}" stroke-width="2.4" fill="none"/>`;
  switch (top) {
    case "shirt":
    case "blouse":
      out += `<path d="${mirror((k) => `M${k * (n - 2)} 64L${k * 3} ${line.depth - 2}L${k * (n + 15)} 90Z`)}" fill="${tint(cloth.base)}"${o}/>`;
      if (top === "shirt") out += `<g fill="${cloth.shade}"><circle cx="0" cy="124" r="2.6"/><circle cx="0" cy="156" r="2.6"/><circle cx="0" cy="188" r="2.6"/></g>`;
      break;
    case "blazer":
      out += `<path d="${mirror((k) => `M${k * n} 70L${k * 2} 156L${k * 26} 118L${k * (n + 12)} 84Z`)}" fill="${cloth.shade}"${o}/>`;
      break;
    case "cardigan":
      out += `<g fill="${cloth.shade}"><circle cx="-6" cy="176" r="3"/><circle cx="-6" cy="206" r="3"/><circle cx="-6" cy="236" r="3"/></g>`;
      break;
    case "hoodie":
      out += `<path d="M${-n - 14} 68Q0 110 ${n + 14} 68" stroke="${cloth.shade}" stroke-width="11" fill="none"/><path d="M-9 92L-11 136M9 92L11 136" stroke="${look.inner}" stroke-width="2.6" stroke-linecap="round"/>`;
      break;
    case "knit":
      out += `<path d="M${n} 70Q0 ${line.depth} ${-n} 70" stroke="${cloth.shade}" stroke-width="6" fill="none"/>`;
      break;
    case "turtleneck":
      out += `<rect x="${-n}" y="36" width="${2 * n}" height="42" rx="8" fill="${cloth.base}"${o}/><path d="M${-n} 48H${n}M${-n} 58H${n}" stroke="${cloth.shade}" stroke-width="2"/>`;
      break;
    default:
      break;
  }
  return out;
}

/** One arm from the shoulder through the elbow to the hand, as round strokes: skin, then sleeve. */
function arm(look: AvatarLook, b: Body, points: readonly [number, number][], outline: boolean): string {
  const [shoulder, elbow, hand] = points as [[number, number], [number, number], [number, number]];
  const d = `M${shoulder.join(" ")}L${elbow.join(" ")}L${hand.join(" ")}`;
  const stroke = (path: string, colour: string, width: number) => `<path d="${path}" stroke="${colour}" stroke-width="${width}"/>`;
  // Long sleeves stop short of the hand; short ones halfway down the upper arm.
  const at = (from: [number, number], to: [number, number], k: number) => `${Math.round(from[0] + (to[0] - from[0]) * k)} ${Math.round(from[1] + (to[1] - from[1]) * k)}`;
  const sleeve = look.sleeves === "long" ? `M${shoulder.join(" ")}L${elbow.join(" ")}L${at(elbow, hand, 0.78)}` : `M${shoulder.join(" ")}L${at(shoulder, elbow, 0.55)}`;
  const r = Math.round(b.arm * 0.62);
  return (
    `<g fill="none" stroke-linecap="round" stroke-linejoin="round">` +
    (outline ? stroke(d, INK, b.arm + 5) + `<circle cx="${hand[0]}" cy="${hand[1]}" r="${r + 2.5}" fill="${INK}"/>` : "") +
    stroke(d, look.skin.base, b.arm) +
    `<circle cx="${hand[0]}" cy="${hand[1]}" r="${r}" fill="${look.skin.base}"/>` +
    stroke(sleeve, look.top === "stripes" ? look.inner : look.cloth.base, b.arm + 3) +
    "</g>"
  );
}

/** Both arms for the pose: `behind` goes under the head (a hand behind it), `front` over everything. */
function arms(look: AvatarLook, b: Body, w: number, outline: boolean): { behind: string; front: string } {
  const s = b.shoulder;
  const joint = (k: number): [number, number] => [k * (s - 13), 112];
  const down = (k: number) => arm(look, b, [joint(k), [k * (s + 2), 215], [k * (s - 4), 312]], outline);
  switch (look.pose) {
    case "down":
      return { behind: "", front: down(-1) + down(1) };
    case "hip":
      return { behind: "", front: down(-1) + arm(look, b, [joint(1), [s + 38, 200], [b.waist + 6, 262]], outline) };
    case "cross":
      return {
        behind: "",
        front: arm(look, b, [joint(1), [s + 2, 206], [-b.chest + 34, 196]], outline) + arm(look, b, [joint(-1), [-s - 2, 210], [b.chest - 34, 204]], outline),
      };
    case "hair":
      return { behind: arm(look, b, [joint(1), [s + 30, 14], [w - 16, -36]], outline), front: down(-1) };
    case "cup":
      return {
        behind: "",
        front:
          down(-1) +
          `<rect x="12" y="148" width="28" height="32" rx="5" fill="${look.scene[2]}"/><path d="M40 156q10 0 10 9t-10 9" stroke="${look.scene[2]}" stroke-width="4" fill="none"/>` +
          arm(look, b, [joint(1), [s - 2, 224], [24, 184]], outline),
      };
  }
}

/** The whole person, in figure units, back to front: hair behind, neck, clothes, locks, head, arms. */
export function figure(look: AvatarLook): string {
  const { subject, skin } = look;
  const female = subject.gender === "female";
  const b = BODIES[subject.gender][subject.body];
  const o: Outline = look.style === "line" ? ` stroke="${INK}" stroke-width="2.6"` : "";
  const w = (female ? 45 : 47) + (subject.body === "full_figured" ? 10 : subject.body === "curvy" ? 4 : 0);
  const neck = (female ? 12 : 16) + (subject.body === "full_figured" ? 5 : 0);
  const h = hair(look.hairstyle, female, look.hairColour, o);
  const widen = w === 46 ? "" : ` transform="scale(${(w / 46).toFixed(2)} 1)"`;
  const grey = look.greying ? `<path d="${mirror((k) => `M${k * -49} 4C${k * -51}-14 ${k * -46}-26 ${k * -38}-32L${k * -36}-4Z`)}" fill="#dcd8d2" opacity=".8"/>` : "";
  const necklace =
    look.necklace === "none"
      ? ""
      : look.necklace === "pearls"
        ? `<path d="M${-neck - 6} 72Q0 112 ${neck + 6} 72" stroke="#f6f1e7" stroke-width="4.5" stroke-linecap="round" stroke-dasharray="0 6.5" fill="none"/>`
        : `<path d="M${-neck - 5} 72Q0 114 ${neck + 5} 72" stroke="${GOLD}" stroke-width="1.6" fill="none"/><circle cy="95" r="3.5" fill="${GOLD}"/>`;
  const scarf = look.scarf ? `<path d="M${-neck - 12} 60Q0 92 ${neck + 12} 60L${neck + 16} 82Q0 112 ${-neck - 16} 82Z" fill="${look.scene[2]}"${o}/><path d="M6 88L22 150L8 154L-4 96Z" fill="${shade(look.scene[2])}"${o}/>` : "";
  const ears = `<g fill="${skin.base}"${o}><ellipse cx="${-w}" cy="8" rx="7" ry="11"/><ellipse cx="${w}" cy="8" rx="7" ry="11"/></g>`;
  const earrings =
    look.earrings === "hoops"
      ? `<g stroke="${GOLD}" stroke-width="2" fill="none"><circle cx="${-w}" cy="26" r="7"/><circle cx="${w}" cy="26" r="7"/></g>`
      : look.earrings === "drops"
        ? `<path d="M${-w} 18v10M${w} 18v10" stroke="${GOLD}" stroke-width="1.6"/><g fill="${look.scene[2]}"><circle cx="${-w}" cy="31" r="4"/><circle cx="${w}" cy="31" r="4"/></g>`
        : look.earrings === "studs"
          ? `<g fill="${GOLD}"><circle cx="${-w}" cy="19" r="3"/><circle cx="${w}" cy="19" r="3"/></g>`
          : "";

  const limbs = arms(look, b, w, look.style === "line");
  const head =
    ears +
    earrings +
    face(look, w, o) +
    `<g${widen}>${h.front}${grey}</g>` +
    glasses(look.glasses, look.turn);
  return (
    `<g${widen}>${h.back}</g>` +
    `<path d="M${-neck} 20V100H${neck}V20Z" fill="${skin.base}"${o}/><ellipse cy="98" rx="${neck + 24}" ry="34" fill="${skin.base}"/>` +
    `<path d="M${-neck} 44Q0 62 ${neck} 44V58Q0 74 ${-neck} 58Z" fill="${skin.shade}" opacity=".6"/>` +
    (subject.age >= 60 ? `<path d="M-6 70l-3 12M6 70l3 12" stroke="${skin.shade}" stroke-width="1.6"/>` : "") +
    torso(look, b, neck, o) +
    necklace +
    scarf +
    `<g${widen}>${h.locks}</g>` +
    limbs.behind +
    `<g transform="rotate(${look.tilt} 0 60)">${head}</g>` +
    limbs.front
  );
}
