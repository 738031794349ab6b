/** Where a landed page tells of its visit, once (app/lib/use-lander-visit.ts); alone here so the browser's bundle takes nothing else. */
export const LANDER_VISIT_PATH = "/api/lander-visit";
