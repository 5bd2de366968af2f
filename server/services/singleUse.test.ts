import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../test/testApp';
import { claimOnce, wasClaimed } from './singleUse';

describe('single-use values (used_nonces)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const inAMinute = () => new Date(Date.now() + 60_000);

  it('claims a value once; later claims fail; kinds do not collide', async () => {
    expect(await wasClaimed(t.db, 'mfa', 'jti-1')).toBe(false);
    expect(await claimOnce(t.db, 'mfa', 'jti-1', inAMinute())).toBe(true);
    expect(await wasClaimed(t.db, 'mfa', 'jti-1')).toBe(true);
    expect(await claimOnce(t.db, 'mfa', 'jti-1', inAMinute())).toBe(false);
    expect(await wasClaimed(t.db, 'oidc', 'jti-1')).toBe(false);
    expect(await claimOnce(t.db, 'oidc', 'jti-1', inAMinute())).toBe(true);
    const rows = await t.db.query<{ nonce: string }>(
      "SELECT nonce FROM used_nonces WHERE nonce LIKE '%:jti-1' ORDER BY nonce",
    );
    expect(rows.map((r) => r.nonce)).toEqual(['mfa:jti-1', 'oidc:jti-1']);
  });

  it('of parallel claims exactly one wins', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => claimOnce(t.db, 'mfa', 'raced', inAMinute())));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('stores the expiry so housekeeping can drop the row once the value is useless', async () => {
    const exp = new Date(Math.floor(Date.now() / 1000 + 300) * 1000);
    await claimOnce(t.db, 'oidc', 'with-expiry', exp);
    const [row] = await t.db.query<{ expires_at: Date }>(
      "SELECT expires_at FROM used_nonces WHERE nonce = 'oidc:with-expiry'",
    );
    expect(new Date(row!.expires_at).getTime()).toBe(exp.getTime());
  });
});
