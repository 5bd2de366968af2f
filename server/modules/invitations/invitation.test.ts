import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../test/testApp';
import { INVITATION_NOT_FOUND } from './invitationRoutes';
import { createInvitation } from './invitations';

describe('invitations', () => {
  let t: TestApp;
  let tenantId: string;
  beforeAll(async () => {
    t = await createTestApp();
    tenantId = await t.createTenant('Invites');
  });
  afterAll(() => t.close());

  const invite = (email: string, allowedLoginMethods: string[] = [], permissions = ['gln#rpt#rw']) =>
    t.db.tx((q) => createInvitation(q, { tenantId, email, permissions, allowedLoginMethods }));

  it('GET answers username, expired and allowedLoginMethods', async () => {
    const inv = await invite('New.Admin@Example.com', ['Okta', 'password']);
    const res = await t.app.inject({ url: `/um/invite/${inv.token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      username: 'new.admin@example.com',
      expired: false,
      accepted: false,
      allowedLoginMethods: ['Okta', 'password'],
    });
  });

  it('GET of an unknown or malformed token is 404', async () => {
    for (const token of ['A'.repeat(43), 'x', '..%2F..']) {
      const res = await t.app.inject({ url: `/um/invite/${token}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(INVITATION_NOT_FOUND);
    }
  });

  it('setPassword activates the user with the invitation permissions; then login works; single use', async () => {
    const inv = await invite('pw.user@example.com');
    const before = await t.app.inject({
      method: 'POST',
      url: '/um/login',
      payload: { username: 'pw.user@example.com', password: 'Welcome-Pass-1' },
    });
    expect(before.statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: `/um/invite/${inv.token}/setPassword`,
      payload: { newPassword: 'Welcome-Pass-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: { username: 'pw.user@example.com', email: 'pw.user@example.com', totpEnabled: false },
    });
    const login = await t.login('pw.user@example.com', 'Welcome-Pass-1');
    expect(login.user.email).toBe('pw.user@example.com');
    const again = await t.app.inject({
      method: 'POST',
      url: `/um/invite/${inv.token}/setPassword`,
      payload: { newPassword: 'Other-Pass-2' },
    });
    expect(again.statusCode).toBe(410);
    // Used: expired for another activation, and accepted (the invite page offers to sign in).
    expect((await t.app.inject({ url: `/um/invite/${inv.token}` })).json()).toMatchObject({
      expired: true,
      accepted: true,
    });
  });

  it('an expired invitation reads expired and cannot be used', async () => {
    const inv = await invite('late@example.com');
    await t.db.query("UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE id = $1", [
      inv.invitationId,
    ]);
    expect((await t.app.inject({ url: `/um/invite/${inv.token}` })).json().expired).toBe(true);
    const res = await t.app.inject({
      method: 'POST',
      url: `/um/invite/${inv.token}/setPassword`,
      payload: { newPassword: 'Welcome-Pass-1' },
    });
    expect(res.statusCode).toBe(410);
  });

  it('an SSO-only invitation refuses a password (403)', async () => {
    const inv = await invite('sso@example.com', ['Google']);
    const res = await t.app.inject({
      method: 'POST',
      url: `/um/invite/${inv.token}/setPassword`,
      payload: { newPassword: 'Welcome-Pass-1' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Google/);
  });

  it('a new invitation replaces the open one; an active user cannot be invited', async () => {
    const first = await invite('twice@example.com');
    const second = await invite('twice@example.com');
    expect((await t.app.inject({ url: `/um/invite/${first.token}` })).json().expired).toBe(true);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/um/invite/${second.token}/setPassword`,
          payload: { newPassword: 'Welcome-Pass-1' },
        })
      ).statusCode,
    ).toBe(200);
    await expect(invite('twice@example.com')).rejects.toMatchObject({ statusCode: 409 });
  });

  it('validates the body: weak password, missing, wrong type, unknown field', async () => {
    const inv = await invite('body@example.com');
    const weak = await t.app.inject({
      method: 'POST',
      url: `/um/invite/${inv.token}/setPassword`,
      payload: { newPassword: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/at least 8/);
    for (const payload of [{}, { newPassword: 123456789 }, { newPassword: 'Welcome-Pass-1', role: 'admin' }]) {
      expect(
        (await t.app.inject({ method: 'POST', url: `/um/invite/${inv.token}/setPassword`, payload })).statusCode,
      ).toBe(400);
    }
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/um/invite/${'Z'.repeat(43)}/setPassword`,
          payload: { newPassword: 'Welcome-Pass-1' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('two parallel acceptances: exactly one succeeds', async () => {
    const inv = await invite('race@example.com');
    const answers = await Promise.all(
      ['Race-Pass-001', 'Race-Pass-002'].map((newPassword) =>
        t.app.inject({ method: 'POST', url: `/um/invite/${inv.token}/setPassword`, payload: { newPassword } }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 410]);
  });
});
