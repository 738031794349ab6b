import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id floor: 19 MiB of memory, 2 passes, 1 lane.
const ARGON2ID = { algorithm: 2 /* Algorithm.Argon2id, a const enum */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Checking a password when no account matches keeps a wrong e-mail as slow as a wrong password. */
export async function verifyNothing(password: string): Promise<false> {
  await verifyPassword(await (dummyHash ??= hashPassword("no account has this password")), password);
  return false;
}
