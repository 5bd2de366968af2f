import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { currentStep, totpCode } from '../modules/auth/totp';
import { listOutbox, REDACTED, redactLinks } from '../services/mailbox';
import { mintQuickLink, mintUnsubscribeLink } from '../services/signedLinks';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../test/testApp';
import { type SmtpReceiver, startSmtpReceiver } from './smtpReceiver';

/**
 * A full set of flows (sign-in, refresh, 2FA, invitation, password reset,
 * collector link, quick link, unsubscribe, logout) with the log at its most verbose level and
 * mails delivered by SMTP; every secret issued on the way is then looked for in the log and in
 * the outbox: none may be there.
 */
describe('no secret in the log or at rest in the outbox', () => {
  let smtp: SmtpReceiver;
  let t: TestApp;
  let log = '';

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({
      env: { SMTP_URL: smtp.url },
      overrides: { logger: { level: 'trace', stream: { write: (line: string) => void (log += line) } } },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  async function mailTo(to: string): Promise<string> {
    await t.app.background.drain();
    return (await smtp.waitForMail(to)).raw;
  }
  const linkIn = (raw: string, pattern: RegExp): string => {
    const found = pattern.exec(raw)?.[1];
    if (!found) throw new Error(`no link ${pattern} in the mail`);
    return found;
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const ok = (res: { statusCode: number; body: string }, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return JSON.parse(res.body || '{}') as Record<string, unknown> & { token?: string };
  };

  it('a full run logs none of the tokens, link secrets and passwords it issued; delivered mails keep no link secret', async () => {
    const secrets: Record<string, string> = {};
    const admin = await t.createUser({ password: 'Admin-Secret-Pass-1' });
    secrets.adminPassword = admin.password;

    // Sign-in, refresh.
    const signedIn = await t.login(admin.email, admin.password);
    secrets.accessToken = signedIn.token;
    secrets.refreshedToken = ok(await t.app.inject({ url: '/um/refresh', headers: bearer(signedIn.token) })).token!;

    // Second factor: password, then a TOTP code.
    const mfaUser = await t.createUser({ totp: true, password: 'Mfa-Secret-Pass-2' });
    secrets.totpSecret = mfaUser.totpSecret!;
    secrets.mfaToken = ok(
      await t.app.inject({
        method: 'POST',
        url: '/um/login',
        payload: { username: mfaUser.email, password: mfaUser.password },
      }),
    ).token!;
    secrets.totpCode = totpCode(mfaUser.totpSecret!, currentStep());
    secrets.mfaAccessToken = ok(
      await t.app.inject({
        method: 'POST',
        url: '/um/mfa/totp/validateCode',
        headers: bearer(secrets.mfaToken),
        payload: { totpCode: secrets.totpCode },
      }),
    ).token!;

    // Invitation: mailed link, read, accepted.
    ok(
      await t.app.inject({
        method: 'POST',
        url: '/um/users/invitations',
        headers: bearer(secrets.refreshedToken),
        payload: { email: 'invitee@logs.example', permissions: [] },
      }),
      201,
    );
    secrets.invitation = linkIn(await mailTo('invitee@logs.example'), /\/invite\/([A-Za-z0-9_-]{20,})/);
    ok(await t.app.inject({ url: `/um/invite/${secrets.invitation}` }));
    secrets.invitePassword = 'Invitee-Secret-Pass-3';
    ok(
      await t.app.inject({
        method: 'POST',
        url: `/um/invite/${secrets.invitation}/setPassword`,
        payload: { newPassword: secrets.invitePassword },
      }),
    );

    // Password reset: mailed link, checked, used.
    const forgetful = await t.createUser({ email: 'forgetful@logs.example' });
    ok(await t.app.inject({ method: 'POST', url: '/um/passwordRecovery', payload: { username: forgetful.email } }));
    secrets.resetLink = linkIn(await mailTo(forgetful.email), /\/resetPassword\/([A-Za-z0-9_-]{20,})/);
    ok(await t.app.inject({ url: `/um/passwordRecovery/${secrets.resetLink}` }));
    secrets.resetPassword = 'Reset-Secret-Pass-4';
    ok(
      await t.app.inject({
        method: 'POST',
        url: `/um/passwordRecovery/${secrets.resetLink}/changePassword`,
        payload: { password: secrets.resetPassword },
      }),
    );

    // Collector link: created, validated, downloaded; a quick link downloaded.
    const collector = ok(
      await t.app.inject({
        method: 'POST',
        url: '/gluon-backend/sharedExtractorLinks',
        headers: bearer(secrets.refreshedToken),
        payload: { maxInstalls: 5 },
      }),
      201,
    );
    secrets.collector = String(collector.token);
    ok(
      await t.app.inject({
        url: `/gluon-backend/sharedExtractorLinks/${encodeURIComponent(secrets.collector)}/validate`,
      }),
    );
    const download = await t.app.inject({
      method: 'POST',
      url: `/gluon-backend/sharedExtractorLinks/${encodeURIComponent(secrets.collector)}`,
      payload: { fullName: 'Ada Lovelace', email: 'ada@logs.example', phone: '+44 20 7946 0000', os: 'WIN' },
    });
    expect(download.statusCode, download.body).toBe(200);
    const quick = await mintQuickLink(t.app.tokens, TEST_PUBLIC_URL, { tenantId: admin.tenantId, os: 'WIN' });
    secrets.quick = quick.token;
    expect(
      (await t.app.inject({ url: '/gluon-backend/extractors/quickdownload', headers: bearer(quick.token) })).statusCode,
    ).toBe(200);

    // Unsubscribe link (its page posts the token).
    const unsubscribe = await mintUnsubscribeLink(t.app.tokens, TEST_PUBLIC_URL, {
      tenantId: admin.tenantId,
      email: 'rec@logs.example',
      notification: 'weekly',
    });
    secrets.unsubscribe = unsubscribe.token;
    ok(
      await t.app.inject({
        method: 'POST',
        url: '/gluon-backend/externalNotifications/recipients/unsubscribe',
        payload: { jwt: unsubscribe.token },
      }),
    );

    // Logout; a refused token is logged as refused, not echoed.
    ok(await t.app.inject({ url: '/um/logout', headers: bearer(secrets.refreshedToken) }));
    expect((await t.app.inject({ url: '/um/refresh', headers: bearer(secrets.refreshedToken) })).statusCode).toBe(401);
    await t.app.background.drain();

    // The log is real and verbose: request lines with their route, at trace level.
    expect(log).toContain('"msg":"incoming request"');
    expect(log).toContain('"url":"/um/invite/:token"');
    expect(log).toContain('"mail queued"');
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThan(5);
      expect(log.includes(secret), `${name} is in the log`).toBe(false);
      expect(log.includes(encodeURIComponent(secret)), `${name} (encoded) is in the log`).toBe(false);
    }

    // Delivered mails keep their redacted form only.
    const outbox = JSON.stringify(await t.db.query('SELECT * FROM mail_outbox'));
    for (const name of ['invitation', 'resetLink'] as const)
      expect(outbox.includes(secrets[name]!), `${name} is in the outbox`).toBe(false);
    const mails = await listOutbox(t.db, { to: 'invitee@logs.example', limit: 1 });
    expect(mails[0]!.state).toBe('sent by SMTP');
    expect(mails[0]!.text).toContain(`${TEST_PUBLIC_URL}/invite/${REDACTED}`);
  });

  it('an undelivered mail keeps its links (the outbox is how they are handed over without SMTP)', async () => {
    const local = await createTestApp();
    try {
      await local.app.mailer.send(null, {
        to: 'kept@logs.example',
        subject: 'Link',
        text: `Open ${TEST_PUBLIC_URL}/invite/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG.`,
      });
      const [mail] = await listOutbox(local.db, { to: 'kept@logs.example', limit: 1 });
      expect(mail!.state).toBe('outbox only');
      expect(mail!.text).toContain('/invite/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG');
    } finally {
      await local.close();
    }
  });

  it('redactLinks keeps which page a link opened and drops its path, query and fragment secrets', () => {
    const text = [
      'Accept: http://127.0.0.1:8080/invite/SeCrEt-Token_123.',
      'Reset (<a href="https://console.example/resetPassword/abc/def">here</a>)',
      'Quick: https://console.example/collector/quick?tokenquick=eyJhbGc',
      'Unsubscribe: https://console.example/unsubscribe?jwt=eyJ0eXA#frag',
      'Sign in at https://console.example/login',
    ].join('\n');
    const redacted = redactLinks(text);
    expect(redacted).toBe(
      [
        `Accept: http://127.0.0.1:8080/invite/${REDACTED}.`,
        `Reset (<a href="https://console.example/resetPassword/${REDACTED}">here</a>)`,
        `Quick: https://console.example/collector/${REDACTED}`,
        `Unsubscribe: https://console.example/unsubscribe/${REDACTED}`,
        'Sign in at https://console.example/login',
      ].join('\n'),
    );
    for (const secret of ['SeCrEt-Token_123', 'abc/def', 'eyJhbGc', 'eyJ0eXA']) expect(redacted).not.toContain(secret);
  });
});
