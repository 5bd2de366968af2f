import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../test/testApp';
import { containsInvalidText, INVALID_TEXT, isStorableText } from './stringGuard';

describe('isStorableText / containsInvalidText', () => {
  it('takes text with whole surrogate pairs and refuses a NUL or a lone surrogate anywhere', () => {
    const storable = ['plain', 'emoji 😀 (a surrogate pair)'];
    const refused = [
      'a\u0000b',
      'lone high \ud800 x',
      'lone high at the end \udbff',
      'lone low \udc00',
      'reversed pair \ude00\ud83d',
    ];
    expect(storable.filter((text) => !isStorableText(text))).toEqual([]);
    expect(refused.filter((text) => isStorableText(text))).toEqual([]);
  });

  it('walks objects, arrays and keys; skips buffers', () => {
    expect(containsInvalidText({ a: [{ b: 'x\u0000' }] })).toBe(true);
    expect(containsInvalidText({ ['k\u0000']: 1 })).toBe(true);
    expect(containsInvalidText({ a: [1, true, null, 'ok'] })).toBe(false);
    expect(containsInvalidText(Buffer.from([0, 0xed, 0xa0, 0x80]))).toBe(false);
  });

  it('skips class instances such as a body stream (reading them would hang the request)', () => {
    const stream = Readable.from(['a\u0000b']);
    let read = false;
    stream.on('data', () => (read = true));
    expect(containsInvalidText({ file: stream })).toBe(false);
    expect(read).toBe(false);
    expect(containsInvalidText(Object.assign(Object.create(null) as object, { a: 'x\u0000' }))).toBe(true);
  });

  it('refuses a value nested deeper than any body the API takes, rather than leaving it unchecked', () => {
    let deep: unknown = 'fine';
    for (let i = 0; i < 70; i++) deep = { d: deep };
    expect(containsInvalidText(deep)).toBe(true);
    let shallow: unknown = 'fine';
    for (let i = 0; i < 30; i++) shallow = [shallow];
    expect(containsInvalidText(shallow)).toBe(false);
  });
});

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  enum?: unknown[];
};
interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

/** A body of the schema's shape whose every string is `bad` (the guard runs before validation). */
function sample(schema: Schema | undefined, bad: string): unknown {
  if (!schema) return bad;
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives?.[0]) return sample(alternatives[0], bad);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : ['string'];
  if (types.includes('object') || schema.properties) {
    const entries = Object.entries(schema.properties ?? {}).map(([k, s]) => [k, sample(s, bad)]);
    return Object.fromEntries(entries.length ? entries : [['field', bad]]);
  }
  if (types.includes('array')) return [sample(schema.items, bad)];
  if (types.includes('string')) return bad;
  if (types.includes('integer') || types.includes('number')) return 1;
  if (types.includes('boolean')) return true;
  return bad;
}

/** A walk over every route of the OpenAPI document with NUL bytes and lone surrogates. */
describe('no text the database cannot store reaches a route', () => {
  let t: TestApp;
  let operations: { method: string; path: string; op: Operation }[];
  beforeAll(async () => {
    t = await createTestApp();
    const doc = (await t.app.inject({ url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
  });
  afterAll(() => t.close());

  function url(path: string, param: string, query: string, op: Operation): string {
    const filled = path.replace(/\{[^}]+\}/g, param);
    const names = ['q', ...(op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)];
    return `${filled}?${names.map((n) => `${encodeURIComponent(n)}=${query}`).join('&')}`;
  }

  const cases = [
    { name: 'NUL', text: 'a\u0000b', encoded: 'a%00b' },
    { name: 'lone surrogate', text: 'a\ud800b', encoded: null },
  ];

  it('covers the routes of the document', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.map((o) => `${o.method} ${o.path}`)).toContain('POST /um/login');
  });

  /** The guard's 400 as each API writes its errors: SCIM's error schema under /scim/v2 (RFC 7644 §3.12), ours elsewhere. */
  const refusal = (path: string, message: unknown) =>
    path.startsWith('/scim/')
      ? { schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '400', detail: message }
      : { statusCode: 400, error: 'Bad Request', message };

  for (const c of cases) {
    it(`${c.name} in path parameters and query strings: 400 from the guard on every route, never 500`, async () => {
      for (const { method, path, op } of operations) {
        // Lone surrogates cannot be written in a URL (invalid UTF-8): the router refuses them, also with a 400.
        // In a query string the parser keeps such an escape as its literal text, which is storable.
        const res = await t.app.inject({
          method: method as 'GET',
          url: url(path, c.encoded ?? '%ED%A0%80', c.encoded ?? '%ED%A0%80', op),
        });
        if (c.encoded || path.includes('{')) {
          expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(400);
          // The router refuses an undecodable path before any route (our error shape even under /scim/v2).
          expect(Number(res.json().statusCode ?? res.json().status)).toBe(400);
          if (c.encoded) expect(res.json().message ?? res.json().detail, `${method} ${path}`).toBe(INVALID_TEXT);
        } else {
          expect(res.statusCode, `${method} ${path}: ${res.body}`).toBeLessThan(500);
        }
      }
    });

    it(`${c.name} in every string of every JSON body: 400 from the guard, never 500`, async () => {
      let bodies = 0;
      for (const { method, path, op } of operations) {
        const content = op.requestBody?.content;
        if (!content || !content['application/json']) continue;
        const body = sample(content['application/json'].schema, c.text);
        // A body without any string field (e.g. `{ enabled: boolean }`) has nothing to refuse.
        if (!containsInvalidText(body)) continue;
        bodies++;
        const params = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
        const res = await t.app.inject({
          method: method as 'POST',
          url: params,
          payload: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(400);
        expect(res.json(), `${method} ${path}`).toEqual(refusal(path, INVALID_TEXT));
      }
      expect(bodies).toBeGreaterThan(15);
    });
  }

  it('the reported case: a NUL or lone surrogate in the sign-in username', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/um/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"a\\u0000b","password":"x"}',
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().message).toBe(INVALID_TEXT);
    const surrogate = await t.app.inject({
      method: 'POST',
      url: '/um/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"a\\udc00b","password":"x"}',
    });
    expect(surrogate.json().message).toBe(INVALID_TEXT);
  });

  it('valid text still passes (pairs, accents) ', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/um/login',
      payload: { username: 'zoë😀@example.com', password: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});
