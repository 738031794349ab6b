import { access } from "node:fs/promises";
import path from "node:path";
import { sql, type RawBuilder } from "kysely";
import { SHARED_FOLDER, uploadsDir, type PhotoStorage } from "../photos/storage";
import { PROFILE_CHOICES } from "./choices";
import { AVATAR_AGE_STEP, AVATAR_MAX_AGE, AVATAR_MIN_AGE, AVATAR_VARIANTS, type AvatarSubject } from "./avatar-look";
import { AVATAR_SIZE, avatarSvg } from "./avatar-svg";

/**
 * The demo members' portraits as files: one SVG per look, named after what it shows
 * (`demo/v2/f45-curvy-red-17.svg`: a woman of 45–49, curvy, red hair, variant 17), so the name alone
 * decides the drawing. Each demo member's name is made in SQL from their own row (see
 * avatarKeySql), the files are drawn for the names a batch used and stored with the photos, and
 * every brand serves them from the shared folder. A few hundred members get nearly one look each; a
 * million share at most a few tens of thousands of files.
 */

export type PutFile = (key: string, body: Buffer, contentType: string) => Promise<void>;

export const DEMO_AVATAR_SIZE = AVATAR_SIZE;
export const AVATAR_CONTENT_TYPE = "image/svg+xml";
/** A new drawing gets a new folder: the files are cached as immutable under their names. */
const FOLDER = `${SHARED_FOLDER}/v2`;
const KEY = new RegExp(`^${FOLDER}/([fm])(\\d+)-([a-z_]+)-([a-z]+)-(\\d+)\\.svg$`);

/** The age a portrait is drawn at: five-year steps from 20 to 75. */
export function avatarAge(age: number): number {
  return Math.min(AVATAR_MAX_AGE, Math.max(AVATAR_MIN_AGE, Math.floor(age / AVATAR_AGE_STEP) * AVATAR_AGE_STEP));
}

export function avatarKey(subject: AvatarSubject): string {
  return `${FOLDER}/${subject.gender === "female" ? "f" : "m"}${avatarAge(subject.age)}-${subject.body}-${subject.hair}-${subject.variant % AVATAR_VARIANTS}.svg`;
}

/** The subject a key names, or null for anything that is not a portrait key. */
export function subjectOfKey(key: string): AvatarSubject | null {
  const match = KEY.exec(key);
  if (!match) return null;
  const [, gender, age, body, hair, variant] = match as unknown as [string, "f" | "m", string, string, string, string];
  const bodies: readonly string[] = PROFILE_CHOICES.body_type;
  const hairs: readonly string[] = PROFILE_CHOICES.hair_colour;
  if (!bodies.includes(body) || !hairs.includes(hair) || Number(variant) >= AVATAR_VARIANTS || avatarAge(Number(age)) !== Number(age)) return null;
  return {
    gender: gender === "f" ? "female" : "male",
    age: Number(age),
    body: body as AvatarSubject["body"],
    hair: hair as AvatarSubject["hair"],
    variant: Number(variant),
  };
}

/**
 * avatarKey in SQL, over a row's columns: the profile id picks the variant, so each member keeps
 * their portrait; a missing body type or hair colour draws as average and brown.
 */
export function avatarKeySql(row: { id: string; gender: string; age: string; body: string; hair: string }): RawBuilder<string> {
  const col = sql.ref;
  return sql<string>`${FOLDER} || '/' || case when ${col(row.gender)} = 'female' then 'f' else 'm' end
    || least(${AVATAR_MAX_AGE}, greatest(${AVATAR_MIN_AGE}, ${col(row.age)} / ${AVATAR_AGE_STEP} * ${AVATAR_AGE_STEP}))::text
    || '-' || coalesce(${col(row.body)}, 'average') || '-' || coalesce(${col(row.hair)}, 'brown')
    || '-' || (${col(row.id)} % ${AVATAR_VARIANTS})::text || '.svg'`;
}

/**
 * Draws and stores the portraits named by `keys`, skipping those already stored: `written` remembers
 * this run's, `exists` asks the storage about earlier runs' (when it can tell cheaply).
 */
export async function writeAvatars(
  keys: Iterable<string>,
  { put, exists }: { put: PutFile; exists?: (key: string) => Promise<boolean> },
  written: Set<string>,
): Promise<number> {
  let drawn = 0;
  for (const key of keys) {
    if (written.has(key)) continue;
    const subject = subjectOfKey(key);
    if (!subject) throw new Error(`not a portrait key: ${key}`);
    if (!(await exists?.(key))) {
      await put(key, Buffer.from(avatarSvg(subject)), AVATAR_CONTENT_TYPE);
      drawn += 1;
    }
    written.add(key);
  }
  return drawn;
}

/**
 * Where the avatars go: the photo storage; a local folder is asked first whether it already holds
 * one, so a second seed does not write it again.
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
