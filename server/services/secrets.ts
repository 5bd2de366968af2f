import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A URL-safe random token of `bytes` random bytes (default 32 = 256 bits). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * Hash under which a high-entropy secret (≥128 random bits: invitation, reset, collector,
 * remembered-device tokens) is stored. A fast hash is enough at that entropy; the clear value
 * is never stored.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Constant-time comparison of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'utf8');
  const bb = Buffer.from(b, 'utf8');
  if (ab.length !== bb.length) {
    timingSafeEqual(ab, ab);
    return false;
  }
  return timingSafeEqual(ab, bb);
}
