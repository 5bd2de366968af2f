import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp, type TestUser } from '../../test/testApp';
import { createInvitation } from '../invitations/public';
import { currentStep, totpCode } from './totp';

const MISSING = 'Please confirm that you are not a robot.';
const REJECTED = 'Captcha verification failed, please try again.';

/**
 * With CAPTCHA_SITE_ID set, every sign-in step the console protects needs `captchaToken`
 * (verified at CAPTCHA_VERIFY_URL, here a local stand-in accepting the token "good").
 */
describe('captcha on sign-in steps (CAPTCHA_SITE_ID, CAPTCHA_VERIFY_URL)', () => {
  let verifier: Server;
  const verified: string[] = [];
  let t: TestApp;
  let plain: TestUser;
  let mfa: TestUser;
  let inviteToken: string;

  beforeAll(async () => {
    verifier = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        verified.push(form.get('response') ?? '');
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({ success: form.get('secret') === 'captcha-secret' && form.get('response') === 'good' }),
        );
      });
    });
    await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(verifier.address() as AddressInfo).port}/recaptcha/api/siteverify`;
    t = await createTestApp({
      env: { CAPTCHA_SITE_ID: 'site-1', CAPTCHA_SECRET: 'captcha-secret', CAPTCHA_VERIFY_URL: url },
    });
    plain = await t.createUser();
    mfa = await t.createUser({ totp: true });
    const tenantId = plain.tenantId;
    inviteToken = (
      await t.db.tx((q) =>
        createInvitation(q, {
          tenantId,
          email: 'sso.invitee@example.com',
          permissions: [],
          allowedLoginMethods: ['Google'],
        }),
      )
    ).token;
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => verifier.close(() => resolve()));
  });

  const post = (url: string, payload: Record<string, unknown>, bearer?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      ...(bearer ? { headers: { authorization: `Bearer ${bearer}` } } : {}),
    });

  async function mfaToken(): Promise<string> {
    const res = await post('/um/login', { username: mfa.email, password: mfa.password, captchaToken: 'good' });
    expect(res.json().mfaRequired).toBe(true);
    return res.json().token;
  }

  /** Without a token, with null, with a rejected one: 400 and the message; the good one passes the captcha. */
  async function expectCaptcha(
    call: (captcha: Record<string, unknown>) => Promise<{ statusCode: number; json(): { message?: string } }>,
  ) {
    for (const captcha of [{}, { captchaToken: null }, { captchaToken: '' }]) {
      const res = await call(captcha);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MISSING);
    }
    const before = verified.length;
    const rejected = await call({ captchaToken: 'bad' });
    expect(rejected.statusCode).toBe(400);
    expect(rejected.json().message).toBe(REJECTED);
    expect(verified.slice(before)).toEqual(['bad']);
    const passed = await call({ captchaToken: 'good' });
    expect([MISSING, REJECTED]).not.toContain(passed.json().message);
    return passed;
  }

  it('the console learns the site id', async () => {
    expect((await t.app.inject({ url: '/um/captcha/Google' })).json()).toEqual({ siteId: 'site-1' });
  });

  it('POST /um/login', async () => {
    const ok = await expectCaptcha((c) => post('/um/login', { username: plain.email, password: plain.password, ...c }));
    expect(ok.statusCode).toBe(200);
  });

  it('POST /um/mfa/validatePassword', async () => {
    const { token } = await t.accessToken(plain);
    const ok = await expectCaptcha((c) => post('/um/mfa/validatePassword', { password: plain.password, ...c }, token));
    expect(ok.statusCode).toBe(200);
  });

  it('POST /um/passwordRecovery', async () => {
    const ok = await expectCaptcha((c) => post('/um/passwordRecovery', { username: plain.email, ...c }));
    expect(ok.statusCode).toBe(200);
  });

  it('POST /um/mfa/totp/validateCode and validateRecoveryCode (second factor of a sign-in)', async () => {
    const token = await mfaToken();
    const code = await expectCaptcha((c) =>
      post(
        '/um/mfa/totp/validateCode',
        { totpCode: totpCode(mfa.totpSecret!, currentStep()), username: mfa.email, ...c },
        token,
      ),
    );
    expect(code.statusCode).toBe(200);
    // Refused captchas do not use up the single-use mfa token: one token serves every attempt.
    const second = await mfaToken();
    const recovery = await expectCaptcha((c) =>
      post('/um/mfa/totp/validateRecoveryCode', { totpRecoveryCode: '1234-5678-9012', ...c }, second),
    );
    expect(recovery.statusCode).toBe(400);
    expect(recovery.json().message).toBe('Wrong TOTP recovery code');
  });

  it('POST /um/oauth2Login and /um/invite/{token}/setOAuth2', async () => {
    const proof = { provider: 'Google', idToken: 'not.a.real-id-token', nonce: 'not-a-nonce' };
    const login = await expectCaptcha((c) => post('/um/oauth2Login', { ...proof, ...c }));
    expect(login.statusCode).toBeGreaterThanOrEqual(400);
    const invite = await expectCaptcha((c) => post(`/um/invite/${inviteToken}/setOAuth2`, { ...proof, ...c }));
    expect(invite.statusCode).toBeGreaterThanOrEqual(400);
    // The refused proof never used the invitation.
    expect((await t.app.inject({ url: `/um/invite/${inviteToken}` })).json().expired).toBe(false);
  });

  it('a verifier that cannot be reached refuses (503) rather than letting sign-in through', async () => {
    const down = await createTestApp({
      env: {
        CAPTCHA_SITE_ID: 'site-1',
        CAPTCHA_SECRET: 'captcha-secret',
        CAPTCHA_VERIFY_URL: 'http://127.0.0.1:1/siteverify',
      },
    });
    try {
      const user = await down.createUser();
      const res = await down.app.inject({
        method: 'POST',
        url: '/um/login',
        payload: { username: user.email, password: user.password, captchaToken: 'good' },
      });
      expect(res.statusCode).toBe(503);
    } finally {
      await down.close();
    }
  });
});
