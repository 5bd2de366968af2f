import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { mintUnsubscribeLink } from '../../services/signedLinks';
import { createTestApp, type TestApp } from '../../test/testApp';
import { UNSUBSCRIBE_LINK_EXPIRED, UNSUBSCRIBE_LINK_INVALID } from './unsubscribeRoute';
import { isUnsubscribed } from './unsubscribes';

describe('unsubscribe', () => {
  let t: TestApp;
  let tenantId: string;
  beforeAll(async () => {
    t = await createTestApp();
    tenantId = await t.createTenant();
  });
  afterAll(() => t?.close());

  const post = (jwt: unknown, all?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/gluon-backend/externalNotifications/recipients/unsubscribe${all === undefined ? '' : `?all=${all}`}`,
      payload: jwt === undefined ? {} : { jwt },
    });
  const link = (email: string, notification: string) =>
    mintUnsubscribeLink(t.app.tokens, t.config.publicUrl, { tenantId, email, notification });

  it('unsubscribes from one notification with the signed link', async () => {
    const { token, url } = await link('Rec@Example.com', 'weekly-report');
    expect(url).toBe(`http://127.0.0.1:8080/unsubscribe?jwt=${encodeURIComponent(token)}`);
    const res = await post(token, 'false');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unsubscribed: 'notification', notification: 'weekly-report' });
    expect(await isUnsubscribed(t.db, tenantId, 'rec@example.com', 'weekly-report')).toBe(true);
    expect(await isUnsubscribed(t.db, tenantId, 'rec@example.com', 'incident-alert')).toBe(false);
    // Single use: the second click is refused as an expired link and adds no row.
    const again = await post(token);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('The unsubscribe link has expired.');
    const rows = await t.db.query("SELECT 1 FROM unsubscribes WHERE email = 'rec@example.com'");
    expect(rows).toHaveLength(1);
  });

  it('another spelling of a used link is the same link: refused, nothing recorded', async () => {
    const { token } = await link('spelled@example.com', 'weekly-report');
    expect((await post(token, 'false')).statusCode).toBe(200);
    // The signature's last base64url character carries 4 unused bits: three other characters
    // decode to the same signature, and the token still verifies.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(token.at(-1)!);
    for (const d of [1, 2, 3]) {
      const variant = token.slice(0, -1) + alphabet[(last & ~3) | ((last + d) & 3)];
      const answer = await post(variant, 'true');
      expect(answer.statusCode).toBe(401);
      expect(answer.json().message).toBe('The unsubscribe link has expired.');
    }
    expect(await isUnsubscribed(t.db, tenantId, 'spelled@example.com', 'incident-alert')).toBe(false);
  });

  it('unsubscribes from all notifications with all=true', async () => {
    const { token } = await link('all@example.com', 'weekly-report');
    const res = await post(token, 'true');
    expect(res.json()).toEqual({ unsubscribed: 'all', notification: 'weekly-report' });
    expect(await isUnsubscribed(t.db, tenantId, 'all@example.com', 'anything-else')).toBe(true);
    const audit = await t.db.query<{ action: string; target: string }>(
      "SELECT action, target FROM audit_events WHERE target = 'all@example.com'",
    );
    expect(audit).toEqual([{ action: 'notifications.unsubscribeAll', target: 'all@example.com' }]);
  });

  it('refuses bad, expired, wrong-type or incomplete tokens and bad input', async () => {
    // Flip a character in the middle of the signature (the last one may carry only padding bits).
    const genuine = (await link('x@example.com', 'n')).token;
    const at = genuine.length - 20;
    const forged = genuine.slice(0, at) + (genuine[at] === 'A' ? 'B' : 'A') + genuine.slice(at + 1);
    expect((await post(forged)).statusCode).toBe(401);
    expect((await post(forged)).json().message).toBe(UNSUBSCRIBE_LINK_INVALID);
    expect((await post('not-a-jwt')).statusCode).toBe(401);
    const access = await t.app.tokens.sign('access', { sub: 'x', tenant: tenantId, sid: 'y', perms: [] }, 60);
    expect((await post(access)).statusCode).toBe(401);
    expect((await post(access)).json().message).toBe(UNSUBSCRIBE_LINK_INVALID);
    const incomplete = await t.app.tokens.sign('unsubscribe', { tenant: tenantId, notification: 'n' }, 60);
    const res = await post(incomplete);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The unsubscribe link is incomplete.');
    const expiring = (await link('late@example.com', 'n')).token;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 31 * 24 * 3600_000);
      expect((await post(expiring)).statusCode).toBe(401);
      expect((await post(expiring)).json().message).toBe(UNSUBSCRIBE_LINK_EXPIRED);
    } finally {
      vi.useRealTimers();
    }
    expect((await post(undefined)).statusCode).toBe(400);
    expect((await post(42)).statusCode).toBe(400);
    expect((await post('x'.repeat(5000))).statusCode).toBe(400);
    expect((await post((await link('q@example.com', 'n')).token, 'maybe')).statusCode).toBe(400);
    expect(await isUnsubscribed(t.db, tenantId, 'late@example.com', 'n')).toBe(false);
  });
});
