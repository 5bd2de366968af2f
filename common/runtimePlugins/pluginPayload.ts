import { createHash } from 'node:crypto';

/**
 * What a runtime plugin's ed25519 signature covers. Node-only (server, scripts, tests): the
 * browser never recomputes it, it checks each asset by its import-map `integrity` instead.
 */

/** `"sha384-<base64>"`, the Subresource Integrity spelling. */
export function sha384Integrity(bytes: Uint8Array): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/** The id of a trusted key: the first 16 characters of base64url(sha256(raw 32-byte ed25519 key)). */
export function keyIdOf(rawPublicKey: Uint8Array): string {
  return createHash('sha256').update(rawPublicKey).digest('base64url').slice(0, 16);
}

/**
 * The signed bytes: UTF-8 of the canonical JSON
 * `{"assets":{<sorted path>:"sha384-…"},"manifest":"sha384-<of manifest.json's bytes>"}`.
 */
export function signedPayload(manifestBytes: Uint8Array, assets: Readonly<Record<string, string>>): Uint8Array {
  // Written out by hand: JSON.stringify would move integer-like keys ("10") ahead of the sorted order.
  const entries = Object.keys(assets)
    .sort()
    .map((path) => `${JSON.stringify(path)}:${JSON.stringify(assets[path])}`);
  const json = `{"assets":{${entries.join(',')}},"manifest":${JSON.stringify(sha384Integrity(manifestBytes))}}`;
  return new TextEncoder().encode(json);
}
