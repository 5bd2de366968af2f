import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload }),
  });

describe('an invited user accepts with the permissions the user has now', () => {
  it('permissions taken away after the invitation was sent stay away once it is accepted', async () => {
    const admin = await t.createUser({ permissions: ['umg#usr#rw', 'gln#rpt#rw'] });
    const { token } = await t.accessToken(admin);
    const invited = await call('POST', '/um/users/invitations', token, {
      email: 'narrowed@example.com',
      permissions: ['umg#usr#rw', 'gln#rpt#rw'],
    });
    expect(invited.statusCode).toBe(201);
    const { user, invitationUrl } = invited.json<{ user: { id: string }; invitationUrl: string }>();
    expect(
      (await call('PUT', `/um/users/${user.id}/permissions`, token, { permissions: ['gln#rpt#r'] })).statusCode,
    ).toBe(200);

    const accepted = await call('POST', `/um/invite/${invitationUrl.split('/invite/')[1]}/setPassword`, undefined, {
      newPassword: 'Another-Pass-1',
    });
    expect(accepted.statusCode).toBe(200);
    const after = await call('GET', `/um/users/${user.id}`, token);
    expect(after.json()).toMatchObject({ status: 'active', permissions: ['gln#rpt#r'] });
  });
});
