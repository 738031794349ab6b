/** The home page's hero art (drawn by scripts/home-art.ts): its frame, and the icons beside the trust points, in order. */
export const SCENE_SIZE = { width: 560, height: 460 } as const;
export const TRUST_ICONS = ["lock", "shield", "heart"] as const;
