import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { HttpError } from '../../contracts';
import { loadBackendConfig } from '../../services/backendConfig';
import { verifyCaptcha } from './captcha';

describe('verifyCaptcha', () => {
  let server: Server;
  let url: string;
  const seen: URLSearchParams[] = [];
  beforeAll(async () => {
    // A stand-in for Google's siteverify: accepts exactly the token "good" with secret "shh".
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        seen.push(form);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ success: form.get('secret') === 'shh' && form.get('response') === 'good' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const active = () => ({ captchaSiteId: 'site', captchaSecret: 'shh', captchaVerifyUrl: url });

  it('is a no-op success while captcha is inactive', async () => {
    await expect(
      verifyCaptcha({ captchaSiteId: null, captchaSecret: null, captchaVerifyUrl: url }, undefined),
    ).resolves.toBeUndefined();
  });

  it('accepts a token the provider confirms, sending secret, token and IP', async () => {
    await expect(verifyCaptcha(active(), 'good', '10.0.0.1')).resolves.toBeUndefined();
    expect(seen.at(-1)?.get('remoteip')).toBe('10.0.0.1');
  });

  it('refuses a missing or rejected token with a 400 message', async () => {
    await expect(verifyCaptcha(active(), undefined)).rejects.toMatchObject({ statusCode: 400 });
    const error = await verifyCaptcha(active(), 'bad').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    expect((error as HttpError).message).toMatch(/captcha/i);
  });

  it('refuses (503) when the provider cannot be reached', async () => {
    await expect(
      verifyCaptcha({ ...active(), captchaVerifyUrl: 'http://127.0.0.1:1/none' }, 'good'),
    ).rejects.toMatchObject({ statusCode: 503 });
  });
});

describe('loadBackendConfig', () => {
  const fail = (variable: string, problem: string): never => {
    throw new Error(`${variable}: ${problem}`);
  };
  it('defaults: captcha inactive, tenant environment type, bundled installers', () => {
    const c = loadBackendConfig({}, fail);
    expect(c.captchaSiteId).toBeNull();
    expect(c.environmentType).toBeNull();
    expect(c.installersDir).toMatch(/server\/assets\/installers$/);
  });
  it('names the variable of a bad value', () => {
    expect(() => loadBackendConfig({ CAPTCHA_SITE_ID: 'x' }, fail)).toThrow(/CAPTCHA_SECRET/);
    expect(() => loadBackendConfig({ ENVIRONMENT_TYPE: 'Not Valid!' }, fail)).toThrow(/ENVIRONMENT_TYPE/);
    expect(() => loadBackendConfig({ SUPPORT_EMAIL: 'nope' }, fail)).toThrow(/SUPPORT_EMAIL/);
    expect(() => loadBackendConfig({ CAPTCHA_VERIFY_URL: 'ftp://x' }, fail)).toThrow(/CAPTCHA_VERIFY_URL/);
  });
});
