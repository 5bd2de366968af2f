import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp, type TestUser } from '../../test/testApp';

describe('userRequests (Contact Us)', () => {
  let t: TestApp;
  let user: TestUser;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { SUPPORT_EMAIL: 'help@support.example' } });
    user = await t.createUser({ permissions: ['gln#rpt#r'] });
    token = (await t.accessToken(user)).token;
  });
  afterAll(() => t?.close());

  const post = (path: string, query: Record<string, string>, auth = token) =>
    t.app.inject({
      method: 'POST',
      url: `${path}?${new URLSearchParams(query)}`,
      headers: auth ? { authorization: `Bearer ${auth}` } : {},
    });
  const stored = (id: string) =>
    t.db.query<{
      product: string;
      request_type: string;
      subject: string;
      message: string;
      rating: number;
      related_page_url: string | null;
      tenant_id: string;
      user_id: string;
    }>('SELECT * FROM contact_requests WHERE id = $1', [id]);

  it('stores feedback with its rating (default 3) and mails support', async () => {
    const res = await post('/gluon-backend/userRequests/sendFeedback', {
      subject: 'Great',
      message: 'Love it & more',
      rating: '5',
      relatedPageUrl: '/gluon/devices',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await stored(res.json().id);
    expect(row).toMatchObject({
      product: 'gluon',
      request_type: 'sendFeedback',
      subject: 'Great',
      message: 'Love it & more',
      rating: 5,
      related_page_url: '/gluon/devices',
      tenant_id: user.tenantId,
      user_id: user.id,
    });
    const mail = (await t.outbox()).at(-1)!;
    expect(mail.to_address).toBe('help@support.example');
    expect(mail.subject).toBe('[Send Feedback] Great');
    expect(mail.body_text).toContain(user.email);
    expect(mail.body_text).toContain('Rating: 5 of 5');

    const dflt = await post('/electron-backend/userRequests/sendFeedback', { subject: 's', message: 'm' });
    expect((await stored(dflt.json().id))[0]).toMatchObject({ rating: 3, product: 'electron' });
  });

  it('stores rating 0 for every other type, whatever was sent', async () => {
    for (const type of ['contactSupport', 'featureRequest', 'reportABug']) {
      const res = await post(`/neutrino-backend/userRequests/${type}`, { subject: 'x', message: 'y', rating: '4' });
      expect(res.statusCode).toBe(201);
      expect((await stored(res.json().id))[0]).toMatchObject({ rating: 0, request_type: type, product: 'neutrino' });
    }
  });

  it('accepts the limits: subject 250, message 200000', async () => {
    const res = await post('/gluon-backend/userRequests/reportABug', {
      subject: 's'.repeat(250),
      message: 'm'.repeat(200000),
    });
    expect(res.statusCode).toBe(201);
    expect((await stored(res.json().id))[0]!.message).toHaveLength(200000);
  });

  it('takes a maximal non-ASCII message through a real HTTP server (query string beyond 16 KiB)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const message = 'é€'.repeat(100000);
    const query = new URLSearchParams({ subject: 'Long', message });
    const res = await fetch(`${address}/gluon-backend/userRequests/reportABug?${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect((await stored(id))[0]!.message).toBe(message);
  });

  it('rejects bad input with a 400 message', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['/gluon-backend/userRequests/contactSupport', { message: 'no subject' }],
      ['/gluon-backend/userRequests/contactSupport', { subject: 'no message' }],
      ['/gluon-backend/userRequests/contactSupport', { subject: '', message: 'm' }],
      ['/gluon-backend/userRequests/contactSupport', { subject: 's'.repeat(251), message: 'm' }],
      ['/gluon-backend/userRequests/contactSupport', { subject: 's', message: 'm'.repeat(200001) }],
      ['/gluon-backend/userRequests/sendFeedback', { subject: 's', message: 'm', rating: '6' }],
      ['/gluon-backend/userRequests/sendFeedback', { subject: 's', message: 'm', rating: 'five' }],
      ['/gluon-backend/userRequests/sendFeedback', { subject: 's', message: 'm', rating: '-1' }],
      ['/gluon-backend/userRequests/sendFeedback', { subject: 's', message: 'm', extra: '1' }],
      ['/gluon-backend/userRequests/complain', { subject: 's', message: 'm' }],
    ];
    for (const [path, query] of cases) {
      const res = await post(path, query);
      expect(res.statusCode, `${path} ${JSON.stringify(query).slice(0, 80)}`).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const count = await t.db.query<{ n: string }>(
      "SELECT count(*) AS n FROM contact_requests WHERE subject = 'no message'",
    );
    expect(Number(count[0]!.n)).toBe(0);
  });

  it('needs an access token; unknown products do not exist', async () => {
    expect(
      (await post('/gluon-backend/userRequests/contactSupport', { subject: 's', message: 'm' }, '')).statusCode,
    ).toBe(401);
    const mfa = await t.app.tokens.sign('mfa', { sub: user.id, tenant: user.tenantId, perms: ['umg#otp#r'] }, 60);
    expect(
      (await post('/gluon-backend/userRequests/contactSupport', { subject: 's', message: 'm' }, mfa)).statusCode,
    ).toBe(401);
    expect(
      (await post('/monitoring-backend/userRequests/contactSupport', { subject: 's', message: 'm' })).statusCode,
    ).toBe(404);
  });
});

describe('userRequests with the fields in a JSON body (long messages behind a proxy)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    const user = await t.createUser({ permissions: ['gln#rpt#r'] });
    token = (await t.accessToken(user)).token;
  });
  afterAll(() => t?.close());

  const postBody = (payload: unknown, query = '') =>
    t.app.inject({
      method: 'POST',
      url: `/gluon-backend/userRequests/sendFeedback${query}`,
      headers: { authorization: `Bearer ${token}` },
      payload: payload as Record<string, unknown>,
    });

  it('stores a 200000-character message sent as a body, with its rating', async () => {
    const message = 'é'.repeat(200000);
    const res = await postBody({ subject: 'Long', message, rating: 4, relatedPageUrl: '/gluon' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.query<{ message: string; rating: number; related_page_url: string }>(
      'SELECT * FROM contact_requests WHERE id = $1',
      [res.json().id],
    );
    expect(row).toMatchObject({ message, rating: 4, related_page_url: '/gluon' });
  });

  it('refuses fields in both places, and a body missing a field, with a message', async () => {
    const both = await postBody({ subject: 's', message: 'm' }, '?subject=s&message=m');
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toMatch(/not both/);
    const missing = await postBody({ subject: 's' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/message/);
    const tooLong = await postBody({ subject: 's', message: 'm'.repeat(200001) });
    expect(tooLong.statusCode).toBe(400);
  });
});
