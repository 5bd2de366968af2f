import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../test/testApp';
import { withNonce } from './staticAssets';

describe("the console document's CSP nonce", () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'csp-nonce-'));
    await writeFile(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/main-ABCD2345.js"></script></head>' +
        '<body><div id="root"></div><script>window.x = 1</script></body></html>',
    );
    await writeFile(path.join(dir, 'main-ABCD2345.js'), 'export {}');
    t = await createTestApp({ env: { STATIC_DIR: dir } });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const nonceOf = (csp: string) => /script-src [^;]*'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];

  it('puts a fresh nonce on every script tag and in script-src, never unsafe-eval or unsafe-inline for scripts', async () => {
    const nonces = new Set<string>();
    for (const url of ['/login', '/gluon/devices', '/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const csp = res.headers['content-security-policy'] as string;
      const nonce = nonceOf(csp);
      expect(nonce, csp).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const tags = [...res.body.matchAll(/<script[^>]*>/g)].map((m) => m[0]);
      expect(tags).toHaveLength(2);
      for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
      expect(res.body).toContain('<script type="module" src="/main-ABCD2345.js" nonce=');
      const scriptSrc = /script-src [^;]*/.exec(csp)![0];
      expect(csp).not.toContain('unsafe-eval');
      expect(scriptSrc).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(3);
  });

  it('API answers and files keep the policy without a nonce', async () => {
    const file = await t.app.inject({ method: 'GET', url: '/main-ABCD2345.js' });
    expect(file.statusCode).toBe(200);
    expect(nonceOf(file.headers['content-security-policy'] as string)).toBeUndefined();
    const api = await t.app.inject({ method: 'GET', url: '/plugins-backend/runtime' });
    expect(api.statusCode).toBe(401);
    expect(nonceOf(api.headers['content-security-policy'] as string)).toBeUndefined();
  });

  it('adds the nonce at the end of each opening tag only', () => {
    expect(withNonce('<script src="a.js"></script><scripts><noscript>x</noscript>', 'N')).toBe(
      '<script src="a.js" nonce="N"></script><scripts><noscript>x</noscript>',
    );
  });
});
