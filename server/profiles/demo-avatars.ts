import { access } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { SHARED_FOLDER, uploadsDir, type PhotoStorage } from "../photos/storage";

/**
 * Illustrated portraits for the demo members: flat, friendly faces drawn as SVG here and rendered
 * offline with sharp, so a fresh install looks alive without a single photo of a real person. The
 * set is fixed (same traits, same files on every run); half feminine, half masculine, each with a
 * hair colour that the seeded profile's `hair_colour` label matches.
 */

export type AvatarGender = "female" | "male";
export type AvatarHair = "blonde" | "brown" | "black" | "red" | "grey" | "bald";

type FemaleStyle = "long" | "wavy" | "bob" | "bun" | "ponytail" | "curly" | "swept";
type MaleStyle = "crop" | "sidepart" | "quiff" | "curlytop" | "buzz" | "messy" | "bald";

type AvatarTraits = {
  gender: AvatarGender;
  hair: AvatarHair;
  style: FemaleStyle | MaleStyle;
  skin: number;
  background: number;
  shirt: number;
  glasses: boolean;
  /** Masculine only: none, stubble, short beard, full beard, moustache. */
  beard: "none" | "stubble" | "short" | "full" | "moustache";
  /** Feminine only. */
  earrings: boolean;
};

export type DemoAvatar = {
  /** 1-based; the files are demo/avatar-<n>.webp and demo/avatar-<n>-thumb.webp. */
  n: number;
  gender: AvatarGender;
  hair: AvatarHair;
  filename: string;
  thumb_filename: string;
};

export type PutFile = (key: string, body: Buffer, contentType: string) => Promise<void>;

export const DEMO_AVATAR_SIZE = 800;
export const DEMO_THUMB_SIZE = 400;
const CONTENT_TYPE = "image/webp";

const SKINS = [
  { base: "#fde3cf", shade: "#efc3a4" },
  { base: "#f6cfae", shade: "#e2ab86" },
  { base: "#ecb98f", shade: "#d49868" },
  { base: "#d9a070", shade: "#bd8252" },
  { base: "#bf8556", shade: "#a16a3f" },
  { base: "#9c6841", shade: "#80532f" },
  { base: "#7a4c2e", shade: "#623b22" },
  { base: "#f3d6c2", shade: "#e0b69b" },
] as const;

const HAIR_COLOURS: Record<AvatarHair, { base: string; shade: string; brow: string }> = {
  blonde: { base: "#e9c46a", shade: "#cfa24a", brow: "#b98d44" },
  brown: { base: "#7b4a2a", shade: "#5e371d", brow: "#4e2e18" },
  black: { base: "#2f2624", shade: "#1d1716", brow: "#231c1b" },
  red: { base: "#c0602f", shade: "#9a4620", brow: "#8a4424" },
  grey: { base: "#d3d0cc", shade: "#aeaaa5", brow: "#9b9791" },
  bald: { base: "#6e5a4c", shade: "#574538", brow: "#4d3d31" },
};

const BACKGROUNDS = [
  { base: "#cfe6f2", glow: "#e4f1f8" },
  { base: "#f8dcd6", glow: "#fcebe7" },
  { base: "#dcefd9", glow: "#ecf7ea" },
  { base: "#e8def5", glow: "#f3eefa" },
  { base: "#fbeec4", glow: "#fdf6df" },
  { base: "#d4ece6", glow: "#e7f5f1" },
  { base: "#f8dbe8", glow: "#fcebf2" },
  { base: "#dfe4f6", glow: "#eef1fb" },
  { base: "#f5e2cf", glow: "#faefe4" },
] as const;

const SHIRTS = ["#4f7cac", "#e07a5f", "#3d405b", "#81b29a", "#e9b872", "#9d6b9e", "#2a9d8f", "#d1495b", "#577590", "#6d597a", "#f28482"] as const;

/** Hair colours of the 28 feminine and 28 masculine portraits, in order (grey and bald for older members). */
const FEMALE_HAIR: AvatarHair[] = [
  "blonde", "brown", "black", "red", "grey", "brown", "blonde",
  "black", "brown", "grey", "blonde", "red", "black", "brown",
  "grey", "blonde", "brown", "black", "red", "grey", "blonde",
  "brown", "black", "grey", "blonde", "brown", "red", "black",
];
const MALE_HAIR: AvatarHair[] = [
  "brown", "black", "blonde", "grey", "brown", "bald", "black",
  "red", "brown", "grey", "blonde", "black", "bald", "brown",
  "black", "grey", "blonde", "red", "brown", "bald", "black",
  "grey", "brown", "blonde", "black", "grey", "brown", "red",
];
const FEMALE_STYLES: FemaleStyle[] = ["long", "bob", "curly", "wavy", "bun", "ponytail", "swept"];
const MALE_STYLES: MaleStyle[] = ["crop", "sidepart", "curlytop", "quiff", "buzz", "messy"];
const BEARDS: AvatarTraits["beard"][] = ["none", "short", "none", "stubble", "full", "none", "moustache", "stubble", "none"];

function traitsOf(index: number): AvatarTraits {
  const female = index < FEMALE_HAIR.length;
  const i = female ? index : index - FEMALE_HAIR.length;
  const hair = (female ? FEMALE_HAIR : MALE_HAIR)[i] ?? "brown";
  const style = female ? (FEMALE_STYLES[(i * 3) % FEMALE_STYLES.length] ?? "long") : hair === "bald" ? "bald" : (MALE_STYLES[(i * 5) % MALE_STYLES.length] ?? "crop");
  // Red hair and the palest skins go together more often than not; otherwise tones rotate.
  const skin = hair === "red" ? [0, 7, 1][i % 3]! : (i * 3 + (female ? 1 : 4)) % SKINS.length;
  return {
    gender: female ? "female" : "male",
    hair,
    style,
    skin,
    background: (i * 4 + (female ? 0 : 2)) % BACKGROUNDS.length,
    shirt: (i * 5 + (female ? 3 : 0)) % SHIRTS.length,
    glasses: hair === "grey" ? i % 2 === 0 : i % 6 === 4,
    beard: female ? "none" : (BEARDS[(i * 2) % BEARDS.length] ?? "none"),
    earrings: female && i % 3 !== 1,
  };
}

/** The whole fixed set, feminine first (1–28), then masculine (29–56). */
export const DEMO_AVATARS: readonly DemoAvatar[] = Array.from({ length: FEMALE_HAIR.length + MALE_HAIR.length }, (_, index) => {
  const { gender, hair } = traitsOf(index);
  const n = index + 1;
  return { n, gender, hair, filename: `${SHARED_FOLDER}/avatar-${n}.webp`, thumb_filename: `${SHARED_FOLDER}/avatar-${n}-thumb.webp` };
});

// ---------------------------------------------------------------------------------------------
// Drawing. The face is centred at x 400; the canvas is 800×800.

const CX = 400;

function backHair(t: AvatarTraits, c: { base: string; shade: string }): string {
  switch (t.style) {
    case "long":
    case "swept":
      return `<path d="M 252 330 C 240 200 330 150 400 150 C 470 150 560 200 548 330 C 556 420 572 520 600 640 C 540 676 260 676 200 640 C 228 520 244 420 252 330 Z" fill="${c.shade}"/>`;
    case "wavy":
      return `<path d="M 250 330 C 236 196 330 148 400 148 C 470 148 564 196 550 330 C 560 380 590 410 574 460 C 598 500 612 540 588 590 C 604 620 596 650 566 664 C 470 690 330 690 234 664 C 204 650 196 620 212 590 C 188 540 202 500 226 460 C 210 410 240 380 250 330 Z" fill="${c.shade}"/>`;
    case "bob":
      return `<path d="M 246 340 C 236 200 330 156 400 156 C 470 156 564 200 554 340 C 556 420 566 480 580 540 C 520 566 280 566 220 540 C 234 480 244 420 246 340 Z" fill="${c.shade}"/>`;
    case "curly": {
      const puffs = [
        [400, 180, 120], [300, 220, 95], [500, 220, 95], [250, 310, 85], [550, 310, 85],
        [240, 410, 78], [560, 410, 78], [262, 500, 70], [538, 500, 70], [300, 560, 58], [500, 560, 58],
      ] as const;
      return puffs.map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${c.shade}"/>`).join("");
    }
    case "ponytail":
      return `<path d="M 520 250 C 600 250 640 330 620 430 C 606 500 630 560 600 610 C 580 560 560 520 560 460 C 556 400 556 330 520 250 Z" fill="${c.shade}"/>`;
    case "bun":
      return `<circle cx="${CX}" cy="160" r="70" fill="${c.shade}"/><circle cx="${CX - 14}" cy="150" r="48" fill="${c.base}" opacity="0.55"/>`;
    default:
      return "";
  }
}

function frontHair(t: AvatarTraits, c: { base: string; shade: string }): string {
  switch (t.style) {
    // Feminine
    case "long":
    case "wavy":
      return `<path d="M 262 372 C 244 232 330 176 404 176 C 486 176 560 232 540 372 C 528 316 500 274 452 256 C 414 306 338 338 262 372 Z" fill="${c.base}"/>
        <path d="M 452 256 C 500 276 528 316 540 372 C 546 330 540 300 530 280 Z" fill="${c.shade}" opacity="0.5"/>`;
    case "bob":
      return `<path d="M 258 380 C 244 236 328 182 400 182 C 472 182 556 236 542 380 C 536 340 528 308 512 290 C 440 296 350 290 286 292 C 272 312 262 340 258 380 Z" fill="${c.base}"/>`;
    case "curly": {
      const curls = [
        [300, 262, 46], [350, 226, 50], [410, 212, 52], [468, 228, 50], [514, 268, 44], [272, 318, 36], [534, 320, 36],
      ] as const;
      return curls.map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${c.base}"/>`).join("");
    }
    case "bun":
      return `<path d="M 264 360 C 254 238 330 196 400 196 C 470 196 546 238 536 360 C 520 300 476 262 400 262 C 324 262 280 300 264 360 Z" fill="${c.base}"/>
        <path d="M 400 200 C 380 230 370 250 368 262" stroke="${c.shade}" stroke-width="6" fill="none" stroke-linecap="round"/>`;
    case "ponytail":
      return `<path d="M 262 360 C 250 236 330 190 404 190 C 482 190 552 236 538 360 C 524 302 484 268 420 262 C 360 270 300 300 262 360 Z" fill="${c.base}"/>
        <circle cx="540" cy="262" r="16" fill="${SHIRTS[(t.shirt + 3) % SHIRTS.length]}"/>`;
    case "swept":
      return `<path d="M 258 400 C 240 236 336 178 412 180 C 492 182 556 240 542 360 C 520 300 480 270 430 262 C 400 250 360 250 330 262 C 296 300 270 346 258 400 Z" fill="${c.base}"/>
        <path d="M 330 262 C 380 236 440 240 480 272 C 430 258 380 262 330 262 Z" fill="${c.shade}" opacity="0.5"/>`;
    // Masculine
    case "crop":
      return `<path d="M 264 372 C 250 240 324 196 404 196 C 484 196 552 240 536 372 C 530 330 516 300 496 286 C 440 298 360 296 300 286 C 282 306 270 336 264 372 Z" fill="${c.base}"/>`;
    case "sidepart":
      return `<path d="M 262 372 C 248 236 324 190 408 190 C 488 190 554 240 538 372 C 532 326 518 298 500 282 C 460 290 420 284 380 262 C 350 284 310 296 292 300 C 276 318 266 344 262 372 Z" fill="${c.base}"/>
        <path d="M 380 262 C 372 236 372 216 380 200" stroke="${c.shade}" stroke-width="6" fill="none" stroke-linecap="round"/>`;
    case "quiff":
      return `<path d="M 264 372 C 252 250 300 200 360 182 C 400 168 470 164 510 196 C 548 228 552 300 536 372 C 530 330 516 302 498 288 C 440 300 360 298 300 288 C 282 308 270 338 264 372 Z" fill="${c.base}"/>
        <path d="M 360 182 C 400 168 470 164 510 196 C 470 186 420 190 380 210 Z" fill="${c.shade}" opacity="0.55"/>`;
    case "curlytop": {
      const curls = [
        [298, 300, 34], [322, 262, 38], [362, 236, 40], [404, 226, 42], [446, 236, 40], [484, 262, 38], [506, 300, 34],
        [346, 282, 30], [400, 272, 32], [452, 282, 30], [276, 340, 24], [526, 340, 24],
      ] as const;
      return curls.map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${c.base}"/>`).join("");
    }
    case "buzz":
      return `<path d="M 266 368 C 254 246 326 206 400 206 C 474 206 546 246 534 368 C 528 330 516 304 500 292 C 440 300 360 300 300 292 C 284 304 272 330 266 368 Z" fill="${c.base}" opacity="0.78"/>`;
    case "messy":
      return `<path d="M 264 372 C 246 250 316 196 400 196 C 484 196 554 250 536 372 C 530 330 520 304 504 290 Q 500 310 486 314 Q 480 292 462 286 Q 452 306 438 306 Q 432 282 410 278 Q 404 300 388 302 Q 378 280 356 282 Q 352 304 334 308 Q 324 292 304 292 C 286 310 270 338 264 372 Z" fill="${c.base}"/>`;
    case "bald":
      return `<path d="M 266 400 C 262 360 264 330 272 306 C 282 330 286 360 286 400 Z" fill="${c.base}" opacity="0.9"/>
        <path d="M 534 400 C 538 360 536 330 528 306 C 518 330 514 360 514 400 Z" fill="${c.base}" opacity="0.9"/>`;
    default:
      return "";
  }
}

function beard(t: AvatarTraits, c: { base: string; shade: string }, lips: string): string {
  const mouth = `<path d="M 372 486 Q 400 506 428 486" stroke="${lips}" stroke-width="9" fill="none" stroke-linecap="round"/>`;
  switch (t.beard) {
    case "stubble":
      return `<path d="M 278 420 C 290 500 340 548 400 548 C 460 548 510 500 522 420 C 500 470 470 470 450 462 C 420 452 380 452 350 462 C 330 470 300 470 278 420 Z" fill="${c.shade}" opacity="0.28"/>`;
    case "short":
      return `<path d="M 276 410 C 284 500 336 556 400 556 C 464 556 516 500 524 410 C 506 462 480 468 452 458 C 424 448 376 448 348 458 C 320 468 294 462 276 410 Z" fill="${c.base}"/>
        <path d="M 356 478 C 380 462 420 462 444 478 C 420 474 380 474 356 478 Z" fill="${c.base}"/>${mouth}`;
    case "full":
      return `<path d="M 270 404 C 268 524 330 590 400 590 C 470 590 532 524 530 404 C 512 456 486 460 456 454 C 424 446 376 446 344 454 C 314 462 288 456 270 404 Z" fill="${c.base}"/>
        <path d="M 350 470 C 378 452 422 452 450 470 C 424 466 376 466 350 470 Z" fill="${c.base}"/>${mouth}`;
    case "moustache":
      return `<path d="M 352 472 C 370 454 392 458 400 466 C 408 458 430 454 448 472 C 430 480 410 476 400 470 C 390 476 370 480 352 472 Z" fill="${c.base}"/>`;
    default:
      return "";
  }
}

function glasses(): string {
  const frame = "#3b3340";
  return `<g fill="none" stroke="${frame}" stroke-width="7">
      <rect x="304" y="362" width="90" height="66" rx="24" fill="#ffffff" fill-opacity="0.18"/>
      <rect x="406" y="362" width="90" height="66" rx="24" fill="#ffffff" fill-opacity="0.18"/>
      <path d="M 394 388 Q 400 380 406 388"/>
      <path d="M 304 384 L 272 376"/><path d="M 496 384 L 528 376"/>
    </g>`;
}

/** One portrait as SVG (800×800). */
export function avatarSvg(index: number): string {
  const t = traitsOf(index);
  const skin = SKINS[t.skin]!;
  const hair = HAIR_COLOURS[t.hair];
  const bg = BACKGROUNDS[t.background]!;
  const shirt = SHIRTS[t.shirt]!;
  const female = t.gender === "female";
  const lips = female ? "#c2506a" : "#9a5a4a";
  const eye = "#2e2a33";

  const neckline = female
    ? `<path d="M 340 616 Q 400 690 460 616 Z" fill="${skin.base}"/>`
    : `<path d="M 346 614 L 400 676 L 454 614 Z" fill="${skin.base}"/><path d="M 346 614 L 400 676 L 376 690 L 330 630 Z M 454 614 L 400 676 L 424 690 L 470 630 Z" fill="#ffffff" opacity="0.22"/>`;
  const shoulders = female
    ? `M 170 800 C 170 690 250 626 340 612 L 460 612 C 550 626 630 690 630 800 Z`
    : `M 130 800 C 130 680 230 618 340 608 L 460 608 C 570 618 670 680 670 800 Z`;
  const brows = female
    ? `<path d="M 318 344 Q 350 326 382 340" stroke="${hair.brow}" stroke-width="9" fill="none" stroke-linecap="round"/>
       <path d="M 418 340 Q 450 326 482 344" stroke="${hair.brow}" stroke-width="9" fill="none" stroke-linecap="round"/>`
    : `<path d="M 314 344 Q 350 330 384 340" stroke="${hair.brow}" stroke-width="13" fill="none" stroke-linecap="round"/>
       <path d="M 416 340 Q 450 330 486 344" stroke="${hair.brow}" stroke-width="13" fill="none" stroke-linecap="round"/>`;
  const lashes = female
    ? `<path d="M 334 384 L 322 374" stroke="${eye}" stroke-width="5" stroke-linecap="round"/><path d="M 466 384 L 478 374" stroke="${eye}" stroke-width="5" stroke-linecap="round"/>`
    : "";
  const mouth = female
    ? `<path d="M 366 480 Q 400 520 434 480 Q 400 494 366 480 Z" fill="${lips}"/><path d="M 376 484 Q 400 492 424 484 L 420 490 Q 400 496 380 490 Z" fill="#ffffff" opacity="0.85"/>`
    : `<path d="M 370 484 Q 400 512 430 484 Q 400 494 370 484 Z" fill="${lips}"/>`;
  const earrings = t.earrings
    ? `<circle cx="264" cy="434" r="10" fill="#f2c14e"/><circle cx="536" cy="434" r="10" fill="#f2c14e"/>`
    : "";
  const wrinkles = t.hair === "grey"
    ? `<path d="M 300 404 Q 292 412 296 422" stroke="${skin.shade}" stroke-width="4" fill="none" stroke-linecap="round"/>
       <path d="M 500 404 Q 508 412 504 422" stroke="${skin.shade}" stroke-width="4" fill="none" stroke-linecap="round"/>
       <path d="M 352 462 Q 346 476 354 490" stroke="${skin.shade}" stroke-width="4" fill="none" stroke-linecap="round"/>
       <path d="M 448 462 Q 454 476 446 490" stroke="${skin.shade}" stroke-width="4" fill="none" stroke-linecap="round"/>`
    : "";
  const face = female
    ? "M 400 222 C 486 222 532 290 532 378 C 532 470 478 540 400 540 C 322 540 268 470 268 378 C 268 290 314 222 400 222 Z"
    : "M 400 220 C 490 220 536 286 536 376 C 536 474 486 548 400 548 C 314 548 264 474 264 376 C 264 286 310 220 400 220 Z";

  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <rect width="800" height="800" fill="${bg.base}"/>
  <circle cx="${CX}" cy="420" r="330" fill="${bg.glow}"/>
  <circle cx="120" cy="130" r="46" fill="#ffffff" opacity="0.35"/>
  <circle cx="690" cy="680" r="70" fill="#ffffff" opacity="0.25"/>
  ${backHair(t, hair)}
  <path d="${shoulders}" fill="${shirt}"/>
  <rect x="352" y="470" width="96" height="160" rx="40" fill="${skin.base}"/>
  <path d="M 352 520 Q 400 570 448 520 L 448 560 Q 400 590 352 560 Z" fill="${skin.shade}" opacity="0.7"/>
  ${neckline}
  <ellipse cx="270" cy="392" rx="26" ry="38" fill="${skin.base}"/>
  <ellipse cx="530" cy="392" rx="26" ry="38" fill="${skin.base}"/>
  <ellipse cx="272" cy="394" rx="12" ry="20" fill="${skin.shade}" opacity="0.6"/>
  <ellipse cx="528" cy="394" rx="12" ry="20" fill="${skin.shade}" opacity="0.6"/>
  ${earrings}
  <path d="${face}" fill="${skin.base}"/>
  <circle cx="326" cy="448" r="26" fill="#f08a8a" opacity="${female ? 0.28 : 0.14}"/>
  <circle cx="474" cy="448" r="26" fill="#f08a8a" opacity="${female ? 0.28 : 0.14}"/>
  ${wrinkles}
  ${beard(t, hair, lips)}
  ${brows}
  <ellipse cx="350" cy="394" rx="14" ry="17" fill="${eye}"/>
  <ellipse cx="450" cy="394" rx="14" ry="17" fill="${eye}"/>
  <circle cx="355" cy="388" r="5" fill="#ffffff"/>
  <circle cx="455" cy="388" r="5" fill="#ffffff"/>
  ${lashes}
  <path d="M 394 420 Q 386 446 398 452 Q 408 454 414 448" stroke="${skin.shade}" stroke-width="7" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
  ${t.beard === "short" || t.beard === "full" ? "" : mouth}
  ${frontHair(t, hair)}
  ${t.glasses ? glasses() : ""}
</svg>`;
}

/** Renders one portrait: the full image and its thumbnail, both WebP. */
export async function renderAvatar(index: number): Promise<{ full: Buffer; thumb: Buffer }> {
  const svg = Buffer.from(avatarSvg(index));
  // Each size is drawn from the vectors (72 dpi is the SVG's own 800 px), not scaled from pixels;
  // a low encoder effort halves the time for a few percent more bytes.
  const draw = (size: number) => sharp(svg, { density: (72 * size) / DEMO_AVATAR_SIZE }).webp({ quality: 85, effort: 2 }).toBuffer();
  const [full, thumb] = await Promise.all([draw(DEMO_AVATAR_SIZE), draw(DEMO_THUMB_SIZE)]);
  return { full, thumb };
}

/**
 * Writes every portrait through `put`. `exists` lets a caller skip the work when the set is already
 * stored (checked on the last file written, so a half-finished earlier run is completed).
 */
export async function writeDemoAvatars(put: PutFile, exists?: (key: string) => Promise<boolean>): Promise<readonly DemoAvatar[]> {
  const last = DEMO_AVATARS[DEMO_AVATARS.length - 1]!;
  if (exists && (await exists(last.thumb_filename))) return DEMO_AVATARS;
  const write = async (avatar: DemoAvatar) => {
    const { full, thumb } = await renderAvatar(avatar.n - 1);
    await put(avatar.filename, full, CONTENT_TYPE);
    await put(avatar.thumb_filename, thumb, CONTENT_TYPE);
  };
  // A few at a time (sharp renders on libuv's thread pool, four threads by default); the last
  // portrait only once all others are stored, since its presence means the set is complete.
  const queue = DEMO_AVATARS.slice(0, -1);
  const worker = async () => {
    for (let avatar = queue.shift(); avatar; avatar = queue.shift()) await write(avatar);
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  await write(last);
  return DEMO_AVATARS;
}

/**
 * Where the avatars go: the photo storage; a local folder is asked first whether it already holds
 * them, so a restart does not draw them again.
 */
export function avatarTarget(storage: PhotoStorage, dataDir: string): { put: PutFile; exists?: (key: string) => Promise<boolean> } {
  const root = uploadsDir(dataDir);
  return {
    put: (key, body, contentType) => storage.put(key, body, contentType),
    exists:
      storage.kind === "local"
        ? (key) =>
            access(path.join(root, ...key.split("/"))).then(
              () => true,
              () => false,
            )
        : undefined,
  };
}
