import HME from "h264-mp4-encoder";
import sharp from "sharp";
import { avatarSvg } from "../profiles/avatar-svg";
import type { AvatarSubject } from "../profiles/avatar-look";
import { LOOP_SIZE, type LoopDesign } from "./loops";

/**
 * Draws a lander's loop (loops.ts) frame by frame from demo portraits and encodes it as H.264 in
 * MP4, which every browser plays muted and inline; the poster is its first frame as WebP. Build
 * time only: the encoder is WebAssembly and takes a few seconds a loop.
 */

const FRAME_RATE = 20;
/** Quantisation chosen by eye on the flat drawings: 36 keeps their edges clean at about 15 KB a second. */
const QUANTISATION = 36;
const CHANNELS = 4;
const BACKGROUND = { r: 21, g: 18, b: 26, alpha: 1 };

/** How many portraits each loop shows. */
export const LOOP_FACES: Record<LoopDesign, number> = { video: 10, transitionsvideolanding: 5 };

type Frame = Buffer;
type Raster = { data: Buffer; size: number };

export async function renderLoop(design: LoopDesign, subjects: readonly AvatarSubject[]): Promise<{ video: Uint8Array; poster: Buffer }> {
  if (subjects.length !== LOOP_FACES[design]) throw new Error(`${design} shows ${LOOP_FACES[design]} portraits, not ${subjects.length}`);
  const { width, height } = LOOP_SIZE[design];
  const frames = design === "video" ? await wallFrames(subjects, width, height) : await storyFrames(subjects, width, height);
  const encoder = await HME.createH264MP4Encoder();
  try {
    encoder.width = width;
    encoder.height = height;
    encoder.frameRate = FRAME_RATE;
    encoder.quantizationParameter = QUANTISATION;
    // 5 of 10: half the encoding time of the best, for files a few per cent larger.
    encoder.speed = 5;
    // One key frame: the loop is played from its start, never sought.
    encoder.groupOfPictures = frames.length;
    encoder.initialize();
    for (const frame of frames) encoder.addFrameRgba(frame);
    encoder.finalize();
    const video = encoder.FS.readFile(encoder.outputFilename);
    encoder.FS.unlink(encoder.outputFilename);
    const poster = await sharp(frames[0]!, { raw: { width, height, channels: CHANNELS } }).webp({ quality: 72 }).toBuffer();
    return { video, poster };
  } finally {
    encoder.delete();
  }
}

/** A portrait as raw RGBA pixels of `size` × `size`, corners rounded by `radius` onto the background. */
async function portrait(subject: AvatarSubject, size: number, radius = 0): Promise<Raster> {
  const svg = Buffer.from(avatarSvg(subject));
  let image = sharp(svg, { density: Math.ceil((72 * size) / 400) + 1 }).resize(size, size);
  if (radius > 0) {
    const mask = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${radius}"/></svg>`);
    image = sharp(await image.png().toBuffer()).composite([{ input: mask, blend: "dest-in" }]);
  }
  const data = await sharp(await image.png().toBuffer()).flatten({ background: BACKGROUND }).ensureAlpha().raw().toBuffer();
  return { data, size };
}

/**
 * The wall: two rows of faces drifting in opposite directions, one row's length over the loop, so
 * its last frame leads into its first. Each row is drawn twice side by side and framed by offset.
 */
async function wallFrames(subjects: readonly AvatarSubject[], width: number, height: number): Promise<Frame[]> {
  const gap = 12;
  const tile = (height - gap) / 2;
  const perRow = subjects.length / 2;
  const period = perRow * (tile + gap);
  const step = 5;
  const count = period / step;
  const tiles = await Promise.all(subjects.map((subject) => portrait(subject, tile, 18)));
  const strips = [0, 1].map((row) => {
    const stripWidth = period * 2;
    const strip = Buffer.alloc(stripWidth * tile * CHANNELS);
    fill(strip, stripWidth * tile);
    for (let copy = 0; copy < 2; copy++) {
      for (let i = 0; i < perRow; i++) {
        const { data } = tiles[row * perRow + i]!;
        const left = copy * period + i * (tile + gap) + gap / 2;
        for (let y = 0; y < tile; y++) data.copy(strip, (y * stripWidth + left) * CHANNELS, y * tile * CHANNELS, (y + 1) * tile * CHANNELS);
      }
    }
    return { strip, stripWidth };
  });
  return Array.from({ length: count }, (_, f) => {
    const frame = Buffer.alloc(width * height * CHANNELS);
    fill(frame, width * height);
    strips.forEach(({ strip, stripWidth }, row) => {
      const offset = row === 0 ? f * step : period - f * step;
      const top = row * (tile + gap);
      for (let y = 0; y < tile; y++) {
        const from = (y * stripWidth + offset) * CHANNELS;
        strip.copy(frame, (top + y) * width * CHANNELS, from, from + width * CHANNELS);
      }
    });
    return frame;
  });
}

/**
 * The story: one face after another, each slowly coming closer, the next fading in over it; the
 * last fades into the first, where the loop begins again.
 */
async function storyFrames(subjects: readonly AvatarSubject[], width: number, height: number): Promise<Frame[]> {
  const shown = Math.round(FRAME_RATE * 2.4);
  const fade = Math.round(FRAME_RATE * 0.5);
  const zoom = 0.12;
  // Drawn large enough that the closest frame still takes no pixel twice.
  const faces = await Promise.all(subjects.map((subject) => portrait(subject, Math.ceil(height * (1 + zoom)))));
  const at = async (face: Raster, progress: number): Promise<Buffer> => {
    const scale = 1 + zoom * progress;
    const cropHeight = Math.round(face.size / scale);
    const cropWidth = Math.round((cropHeight * width) / height);
    return sharp(face.data, { raw: { width: face.size, height: face.size, channels: CHANNELS } })
      .extract({ left: Math.round((face.size - cropWidth) / 2), top: Math.round((face.size - cropHeight) / 2), width: cropWidth, height: cropHeight })
      .resize(width, height)
      .raw()
      .toBuffer();
  };
  const frames: Frame[] = [];
  const span = shown + fade;
  for (let i = 0; i < faces.length; i++) {
    const previous = faces[(i + faces.length - 1) % faces.length]!;
    for (let t = 0; t < shown; t++) {
      const current = await at(faces[i]!, t / span);
      frames.push(t < fade ? blend(await at(previous, (shown + t) / span), current, t / fade) : current);
    }
  }
  return frames;
}

function fill(pixels: Buffer, count: number): void {
  for (let i = 0; i < count; i++) pixels.set([BACKGROUND.r, BACKGROUND.g, BACKGROUND.b, 255], i * CHANNELS);
}

/** `from` faded into `to` by `amount` (0 … 1). */
function blend(from: Buffer, to: Buffer, amount: number): Buffer {
  const out = Buffer.alloc(from.length);
  for (let i = 0; i < from.length; i++) out[i] = from[i]! + (to[i]! - from[i]!) * amount;
  return out;
}
