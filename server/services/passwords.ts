import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** OWASP minimum for argon2id: m=19 MiB, t=2, p=1. */
export const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm /* Argon2id */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 1024;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummy: Promise<string> | null = null;

/**
 * Verifies `password` against `passwordHash`; with no hash (unknown user, SSO-only user) it
 * verifies against a dummy hash so the answer takes as long as for a real account.
 */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummy ??= hashPassword('dummy password for timing equalisation');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Rule for new passwords; returns the message for the console, or null when acceptable. */
export function passwordProblem(password: string, email?: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `The password must have at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `The password must have at most ${MAX_PASSWORD_LENGTH} characters`;
  if (email && password.toLowerCase() === email.toLowerCase()) return 'The password must not be your e-mail address';
  return null;
}
