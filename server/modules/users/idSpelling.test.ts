import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('ids have one spelling', () => {
  it('an upper-case or urn:uuid: spelling of an id is a 400, so "not yourself" cannot be walked around and SQL never sees it', async () => {
    const admin = await t.createUser({ permissions: ['umg#usr#rw'] });
    const other = await t.createUser({ permissions: ['umg#usr#r'] });
    const { token } = await t.accessToken(admin);
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

    for (const id of [admin.id.toUpperCase(), `urn:uuid:${admin.id}`, `urn:uuid:${other.id}`, other.id.toUpperCase()]) {
      for (const [method, url, payload] of [
        ['POST', `/um/users/${id}/disable`],
        ['POST', `/um/users/${id}/enable`],
        ['DELETE', `/um/users/${id}/mfa`],
        ['PUT', `/um/users/${id}/permissions`, { permissions: [] }],
        ['GET', `/um/users/${id}`],
      ] as const) {
        const answer = await call(method, url, payload);
        expect({ url, status: answer.statusCode }).toEqual({ url, status: 400 });
        expect(answer.json().message).toMatch(/format "uuid"/);
      }
      const link = await call('GET', `/gluon-backend/sharedExtractorLinks/${id}/installs`);
      expect(link.statusCode).toBe(400);
    }
    // The canonical spelling still meets the self-protection rule, and the account is unchanged.
    expect((await call('POST', `/um/users/${admin.id}/disable`)).statusCode).toBe(400);
    expect((await call('GET', `/um/users/${admin.id}`)).json()).toMatchObject({
      disabled: false,
      permissions: ['umg#usr#rw'],
    });
  });
});
