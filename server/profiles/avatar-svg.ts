import { figure } from "./avatar-figure";
import { lookOf, shade, type AvatarLook, type AvatarSubject } from "./avatar-look";

/**
 * A demo member's portrait as a small SVG (400×400, a few KB): a backdrop, the figure placed by its
 * framing, and the art style's finish. Never a photo: every shape is drawn here.
 */

export const AVATAR_SIZE = 400;

/** Where the figure's head goes and how large it is drawn, per framing. */
const FRAMES = {
  portrait: { y: 168, scale: 1.3 },
  bust: { y: 150, scale: 1.08 },
  half: { y: 120, scale: 0.96 },
  figure: { y: 96, scale: 0.9 },
} as const;

/** Spots for confetti and bokeh, the same on every portrait (the palette varies them). */
const SPOTS = [[46, 60], [330, 48], [88, 180], [352, 170], [28, 300], [372, 300], [150, 30], [260, 96], [60, 380], [340, 390], [200, 20], [120, 120]] as const;

function backdrop(look: AvatarLook): { defs: string; art: string } {
  const [ground, second, accent] = look.scene;
  const flip = look.mirrored ? ` transform="matrix(-1 0 0 1 400 0)"` : "";
  const base = `<rect width="400" height="400" fill="${ground}"/>`;
  switch (look.backdrop) {
    case "arch":
      return { defs: "", art: `${base}<path d="M84 400V214a116 116 0 0 1 232 0V400Z" fill="${second}"/><circle cx="330" cy="90" r="22" fill="${accent}" opacity=".7"/>` };
    case "circle":
      return { defs: "", art: `${base}<circle cx="200" cy="190" r="150" fill="${second}"/><circle cx="70" cy="70" r="16" fill="${accent}" opacity=".5"/>` };
    case "dots":
      return {
        defs: `<pattern id="bg" width="24" height="24" patternUnits="userSpaceOnUse"><circle cx="6" cy="6" r="3.5" fill="${second}"/><circle cx="18" cy="18" r="3.5" fill="${second}"/></pattern>`,
        art: `${base}<rect width="400" height="400" fill="url(#bg)"/>`,
      };
    case "stripes":
      return {
        defs: `<pattern id="bg" width="28" height="28" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="12" height="28" fill="${second}"/></pattern>`,
        art: `${base}<rect width="400" height="400" fill="url(#bg)" opacity=".6"/>`,
      };
    case "confetti":
      return {
        defs: "",
        art: base + SPOTS.map(([x, y], i) => (i % 3 === 0 ? `<rect x="${x}" y="${y}" width="14" height="6" rx="3" transform="rotate(${i * 37} ${x} ${y})" fill="${accent}"/>` : `<circle cx="${x}" cy="${y}" r="${4 + (i % 4) * 2}" fill="${i % 2 ? second : accent}"/>`)).join(""),
      };
    case "bokeh":
      return {
        defs: "",
        art: `<rect width="400" height="400" fill="${shade(ground, 0.55)}"/>` + SPOTS.map(([x, y], i) => `<circle cx="${x}" cy="${y}" r="${14 + (i % 5) * 9}" fill="${i % 2 ? accent : second}" opacity=".35"/>`).join(""),
      };
    case "sunset":
      return {
        defs: `<linearGradient id="bg" x2="0" y2="1"><stop offset="0" stop-color="${second}"/><stop offset=".7" stop-color="${ground}"/></linearGradient>`,
        art: `<rect width="400" height="400" fill="url(#bg)"/><g${flip}><circle cx="310" cy="250" r="54" fill="${accent}" opacity=".8"/><path d="M0 268H400V400H0Z" fill="${shade(second, 0.85)}"/><path d="M250 290h120M270 310h80M230 334h60" stroke="#fff" stroke-width="4" opacity=".5" stroke-linecap="round"/></g>`,
      };
    case "city":
      return {
        defs: "",
        art: `${base}<g${flip}><circle cx="320" cy="80" r="28" fill="${accent}" opacity=".8"/><path d="M0 400V250h40v-40h36v70h30v-110h44v120h40v-60h50v-50h40v90h40v-30h40v60h40V400Z" fill="${second}"/><path d="M50 230h8M50 250h8M120 190h8M120 210h8M260 180h8M260 200h8" stroke="${accent}" stroke-width="6" opacity=".6"/></g>`,
      };
    case "park":
      return {
        defs: "",
        art: `${base}<g${flip}><path d="M0 300Q120 240 240 290T400 270V400H0Z" fill="${second}"/><path d="M0 340Q160 300 400 330V400H0Z" fill="${shade(second, 0.85)}"/><path d="M330 300v-60M60 310v-50" stroke="#7a5a3c" stroke-width="8"/><circle cx="330" cy="220" r="36" fill="${shade(second, 0.7)}"/><circle cx="60" cy="246" r="28" fill="${shade(second, 0.7)}"/></g>`,
      };
    case "room":
      return {
        defs: "",
        art: `${base}<g${flip}><rect x="262" y="54" width="110" height="150" rx="6" fill="#dcecf5" stroke="${second}" stroke-width="8"/><path d="M317 54v150M262 129h110" stroke="${second}" stroke-width="6"/><path d="M30 400V330h50v70Z" fill="${accent}"/><path d="M55 330C20 300 30 250 55 230C80 250 90 300 55 330Z" fill="#6d9b6a"/><path d="M55 330C30 320 10 290 16 270C40 276 56 300 55 330Z" fill="#5b8a58"/></g>`,
      };
  }
}

/** The finish of each art style: a white cut-out edge, a soft shadow, or nothing (flat, line). */
function finish(look: AvatarLook): { defs: string; filter: string } {
  if (look.style === "sticker")
    return {
      defs: `<filter id="f" x="-20%" y="-20%" width="140%" height="140%"><feMorphology in="SourceAlpha" operator="dilate" radius="5" result="d"/><feFlood flood-color="#fff"/><feComposite in2="d" operator="in"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`,
      filter: ` filter="url(#f)"`,
    };
  if (look.style === "soft") return { defs: `<filter id="f"><feDropShadow dy="6" stdDeviation="7" flood-opacity=".25"/></filter>`, filter: ` filter="url(#f)"` };
  return { defs: "", filter: "" };
}

/** The portrait of a subject; the same subject always gives the same text. */
export function avatarSvg(subject: AvatarSubject): string {
  const look = lookOf(subject);
  const frame = FRAMES[look.framing];
  const back = backdrop(look);
  const { defs, filter } = finish(look);
  const stripes = look.top === "stripes" ? `<pattern id="st" width="14" height="14" patternUnits="userSpaceOnUse"><rect y="7" width="14" height="7" fill="${look.inner}"/></pattern>` : "";
  const allDefs = back.defs + defs + stripes;
  const place = `translate(200 ${frame.y}) scale(${look.mirrored ? -frame.scale : frame.scale} ${frame.scale})`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${AVATAR_SIZE} ${AVATAR_SIZE}" width="${AVATAR_SIZE}" height="${AVATAR_SIZE}">` +
    (allDefs ? `<defs>${allDefs}</defs>` : "") +
    back.art +
    `<g transform="${place}"${filter}>${figure(look)}</g></svg>`
  );
}
