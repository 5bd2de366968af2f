import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../test/testApp';
import { isApiDateTime } from './validators';

describe("isApiDateTime (the schemas' date-time)", () => {
  it.each([
    '2030-06-30T23:59:59Z',
    '2030-06-30t23:59:59z',
    '2026-11-20T08:00:00.123+02:00',
    '2026-11-20T08:00:00.123456789-05:30',
    '2028-02-29T00:00:00Z',
    '2000-02-29T00:00:00Z',
    '0001-01-01T00:00:00Z',
    '9999-12-31T23:59:59.999Z',
    '9999-12-31T12:00:00-11:59',
    '2030-01-01T00:00:00+15:59',
  ])('takes %s', (value) => {
    expect(isApiDateTime(value)).toBe(true);
  });

  it.each([
    ['0000-01-01T00:00:00Z', 'year 0 (PostgreSQL has none)'],
    ['0001-01-01T00:00:00+00:01', 'year 0 in UTC'],
    ['9999-12-31T23:59:59-23:59', 'year 10000 in UTC'],
    ['9999-12-31T23:59:59.9999999Z', 'rounds to year 10000 in PostgreSQL'],
    ['+010000-01-01T00:00:00Z', 'six-digit year'],
    ['2030-06-30T23:59:60Z', 'leap second'],
    ['2020-06-30T23:59:60Z', 'leap second in the past'],
    ['2030-02-30T00:00:00Z', 'no such day'],
    ['2030-02-29T00:00:00Z', 'not a leap year'],
    ['1900-02-29T00:00:00Z', 'not a leap year (century)'],
    ['2030-04-31T00:00:00Z', 'no such day'],
    ['2030-13-01T00:00:00Z', 'no such month'],
    ['2030-01-01T24:00:00Z', 'hour 24'],
    ['2030-01-01T00:00:00', 'no time zone'],
    ['2030-01-01 00:00:00Z', 'space for T'],
    ['2030-01-01T00:00:00+0100', 'offset without colon'],
    ['2030-01-01T00:00:00+16:00', "offset past PostgreSQL's ±15:59"],
    ['2030-01-01', 'date only'],
    ['', 'empty'],
  ])('refuses %s (%s)', (value) => {
    expect(isApiDateTime(value)).toBe(false);
  });
});

describe('date-time in requests: a 400 with a message, never a 500 or a silently moved date', () => {
  let t: TestApp;
  let h: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    h = { authorization: `Bearer ${(await t.accessToken(await t.createUser())).token}` };
  });
  afterAll(() => t?.close());

  const refused = ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-23:59', '2030-06-30T23:59:60Z', '2020-06-30T23:59:60Z'];

  it.each(refused)('GET /um/auditEvents and /export with from or to = %s -> 400', async (value) => {
    for (const url of [
      `/um/auditEvents?from=${encodeURIComponent(value)}`,
      `/um/auditEvents/export?to=${encodeURIComponent(value)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: h });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: expect.stringMatching(/^querystring (from|to) must match format "date-time"$/),
      });
    }
  });

  it.each(refused)('POST and PATCH /gluon-backend/sharedExtractorLinks with expiresAt = %s -> 400', async (value) => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/gluon-backend/sharedExtractorLinks',
      headers: h,
      payload: { expiresAt: value },
    });
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'body expiresAt must match format "date-time"',
    });
    const link = await t.app.inject({
      method: 'POST',
      url: '/gluon-backend/sharedExtractorLinks',
      headers: h,
      payload: {},
    });
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/gluon-backend/sharedExtractorLinks/${link.json().link.id}`,
      headers: h,
      payload: { expiresAt: value },
    });
    expect(changed.statusCode, changed.body).toBe(400);
    expect(changed.json().message).toBe('body expiresAt must match format "date-time"');
  });

  it('still takes ordinary date-times', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/gluon-backend/sharedExtractorLinks',
      headers: h,
      payload: { expiresAt: '9999-12-31T23:59:59Z' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().link.expiresAt).toBe('9999-12-31T23:59:59.000Z');
    const past = await t.app.inject({
      method: 'POST',
      url: '/gluon-backend/sharedExtractorLinks',
      headers: h,
      payload: { expiresAt: '2020-06-30T23:59:59Z' },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('The expiry date must be in the future.');

    const from = encodeURIComponent('2026-01-01T00:00:00+01:00');
    const to = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    const list = await t.app.inject({ method: 'GET', url: `/um/auditEvents?from=${from}&to=${to}`, headers: h });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((e: { action: string }) => e.action)).toContain('collectorLink.create');
    const csv = await t.app.inject({ method: 'GET', url: `/um/auditEvents/export?from=${from}&to=${to}`, headers: h });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('collectorLink.create');
    const later = await t.app.inject({ method: 'GET', url: `/um/auditEvents?from=${to}`, headers: h });
    expect(later.json().total).toBe(0);
  });
});
