import { timingSafeEqual } from 'node:crypto';

/**
 * An asset grant: who may load which plugin's assets until when, in the asset URL itself (a
 * module `import()` sends no Authorization header). Compact, because it is one path segment
 * (≤ 100 characters): base64url(user id's 16 bytes + exp as 4 bytes) `.` an HMAC over it and the
 * plugin's id, keyed by the API's signing key (TokenService.digest), so every instance sharing
 * the key accepts it and a grant for one plugin opens no other.
 */
export interface AssetGrant {
  sub: string;
  plugin: string;
  exp: number;
}

/** Grants run out at the end of the next half hour after the one they were made in: 30 to 60 minutes. */
export const GRANT_BUCKET_S = 30 * 60;

/**
 * The expiry of a grant made at `nowS`. The same for every request in a half hour, so the
 * runtime answer (and its ETag) stays the same and a 304 keeps grants valid ≥ 30 minutes.
 */
export function grantExpiry(nowS: number): number {
  return (Math.floor(nowS / GRANT_BUCKET_S) + 2) * GRANT_BUCKET_S;
}

type Digest = (value: string) => string;

/** 128 bits of the HMAC-SHA256 (hex). */
const mac = (digest: Digest, plugin: string, body: string) =>
  digest(`runtime-plugin-grant:${plugin}:${body}`).slice(0, 32);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function mintGrant(digest: Digest, grant: AssetGrant): string {
  if (!UUID.test(grant.sub)) throw new Error('An asset grant is for a user id');
  const bytes = Buffer.alloc(20);
  Buffer.from(grant.sub.replaceAll('-', ''), 'hex').copy(bytes, 0);
  bytes.writeUInt32BE(grant.exp, 16);
  const body = bytes.toString('base64url');
  return `${body}.${mac(digest, grant.plugin, body)}`;
}

/** The grant for `plugin` when its MAC is ours and it has not run out; null otherwise (the caller answers 403). */
export function readGrant(digest: Digest, value: string, plugin: string, nowS: number): AssetGrant | null {
  const match = /^([A-Za-z0-9_-]{27})\.([0-9a-f]{32})$/.exec(value);
  if (!match) return null;
  const body = match[1]!;
  const expected = Buffer.from(mac(digest, plugin, body));
  if (!timingSafeEqual(expected, Buffer.from(match[2]!))) return null;
  const bytes = Buffer.from(body, 'base64url');
  const exp = bytes.readUInt32BE(16);
  if (exp <= nowS) return null;
  const hex = bytes.subarray(0, 16).toString('hex');
  const sub = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { sub, plugin, exp };
}
