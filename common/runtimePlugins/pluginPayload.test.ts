import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { keyIdOf, sha384Integrity, signedPayload } from './pluginPayload';
import { sdkCompatible } from './sdkVersion';

describe('signedPayload', () => {
  it('is canonical JSON with sorted asset paths, integer-like ones included', () => {
    const manifest = new TextEncoder().encode('{"id":"x"}');
    const bytes = signedPayload(manifest, { 'b.js': 'sha384-B', '10': 'sha384-T', 'a.js': 'sha384-A' });
    expect(new TextDecoder().decode(bytes)).toBe(
      `{"assets":{"10":"sha384-T","a.js":"sha384-A","b.js":"sha384-B"},"manifest":"${sha384Integrity(manifest)}"}`,
    );
  });

  it('spells integrity and key ids as the contract says', () => {
    const bytes = new TextEncoder().encode('abc');
    expect(sha384Integrity(bytes)).toBe(`sha384-${createHash('sha384').update(bytes).digest('base64')}`);
    expect(keyIdOf(new Uint8Array(32))).toHaveLength(16);
    expect(keyIdOf(new Uint8Array(32))).not.toBe(keyIdOf(new Uint8Array(32).fill(1)));
  });
});

describe('sdkCompatible', () => {
  it('accepts ranges the SDK satisfies and refuses the others', () => {
    expect(sdkCompatible('^1.0.0')).toBe(true);
    expect(sdkCompatible('^2.0.0')).toBe(false);
    expect(sdkCompatible('not a range')).toBe(false);
  });
});
