import type { NicheName } from "../sites/schema";

/**
 * The landers' video loops (issue 20): short, silent films of a niche's illustrated members, made
 * at build time (scripts/lander-loops.ts) into the client folder, each with a poster of its first
 * frame. A new way of drawing them gets a new folder: browsers may keep the files for an hour.
 */
export const LOOP_FOLDER = "loops/v1";

export const LOOP_DESIGNS = ["video", "transitionsvideolanding"] as const;
export type LoopDesign = (typeof LOOP_DESIGNS)[number];

/** video: a wide wall of faces drifting by; transitionsvideolanding: a phone's story, face after face. */
export const LOOP_SIZE: Record<LoopDesign, { width: number; height: number }> = {
  video: { width: 640, height: 360 },
  transitionsvideolanding: { width: 360, height: 640 },
};

export type Loop = { video: string; poster: string; width: number; height: number };

const fileName = (niche: NicheName, design: LoopDesign) => `${niche}-${design}`;

/** The files of a loop, relative to the client folder. */
export function loopFiles(niche: NicheName, design: LoopDesign): { video: string; poster: string } {
  return { video: `${LOOP_FOLDER}/${fileName(niche, design)}.mp4`, poster: `${LOOP_FOLDER}/${fileName(niche, design)}.webp` };
}

/** The loop a lander of this niche plays, as addresses. */
export function loopOf(niche: NicheName, design: LoopDesign): Loop {
  const files = loopFiles(niche, design);
  return { video: `/${files.video}`, poster: `/${files.poster}`, ...LOOP_SIZE[design] };
}
