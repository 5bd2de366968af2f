import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../../test/testApp';
import { readFixtureBundle } from '../../inspection/public';

describe('rule set deletion', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.accessToken(await t.createUser())).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 204 with no body (the typed handler sends null, which a 204 drops), then 404', async () => {
    const headers = { authorization: `Bearer ${admin}` };
    const imported = await t.app.inject({
      method: 'POST',
      url: '/globalrulesrepository-backend/ruleSets',
      headers,
      payload: { bundle: readFixtureBundle('kingspawn').toString('utf8') },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const id = imported.json().ruleSet.id as string;
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/globalrulesrepository-backend/ruleSets/${id}`,
      headers,
    });
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe('');
    expect(gone.headers['content-type']).toBeUndefined();
    expect(gone.headers['content-length']).toBeUndefined();
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/globalrulesrepository-backend/ruleSets/${id}`,
      headers,
    });
    expect(again.statusCode).toBe(404);
  });
});
