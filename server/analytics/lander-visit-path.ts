/** Where a landed page tells of its visit, once (app/visitor-script/visit.ts; app/lib/use-lander-visit.ts on a member's landing page); alone here so the browser's bundles take nothing else. */
export const LANDER_VISIT_PATH = "/api/lander-visit";
