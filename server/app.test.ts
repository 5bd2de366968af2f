import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { HttpError } from './contracts';
import { createTestApp, type TestApp } from './test/testApp';

describe('app foundation', () => {
  let t: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(os.tmpdir(), 'mtd-static-'));
    await mkdir(path.join(staticDir, 'assets'));
    await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>console</title>');
    await writeFile(path.join(staticDir, 'assets', 'app.js'), 'console.log(1)');
    await writeFile(path.join(staticDir, 'assets', 'app.js.br'), brotliCompressSync('console.log(1)'));
    t = await createTestApp({
      env: { STATIC_DIR: staticDir },
      // A probe route exercising the error handler.
      beforeReady: (app) => {
        app.get('/um/test-probe/:kind', async (request) => {
          const kind = (request.params as { kind: string }).kind;
          if (kind === 'http') throw new HttpError(409, 'Conflict for the console');
          if (kind === 'boom') throw new Error('secret internal detail');
          return { ok: true };
        });
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  it('sets the security headers on API answers and static files', async () => {
    for (const url of ['/um/nothing-here', '/', '/assets/app.js']) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain('img-src');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('answers unknown API paths with a JSON 404 and other GETs with the console', async () => {
    const api = await t.app.inject({ url: '/um/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    const spa = await t.app.inject({ url: '/login?returnUrl=/gluon' });
    expect(spa.statusCode).toBe(200);
    expect(spa.headers['content-type']).toContain('text/html');
    expect(spa.body).toContain('<title>console</title>');
    const file = await t.app.inject({ url: '/assets/app.js' });
    expect(file.body).toBe('console.log(1)');
    const post = await t.app.inject({ method: 'POST', url: '/somewhere' });
    expect(post.statusCode).toBe(404);
  });

  it('sends the precompressed brotli file the build wrote when the browser accepts it', async () => {
    const br = await t.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/um/login']).toBeDefined();
  });

  it('passes 4xx messages through and hides 5xx details', async () => {
    const conflict = await t.app.inject({ url: '/um/test-probe/http' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'Conflict for the console' });
    const boom = await t.app.inject({ url: '/um/test-probe/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' });
    expect(boom.body).not.toContain('secret');
  });

  it('rejects malformed JSON and oversized bodies with 4xx', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/um/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(bad.statusCode).toBe(400);
    const big = await t.app.inject({
      method: 'POST',
      url: '/um/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(1_100_000), password: 'x' }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBeTruthy();
  });

  it('persists nothing outside the database it was given', () => {
    expect(t.app.db).toBe(t.db);
  });
});
