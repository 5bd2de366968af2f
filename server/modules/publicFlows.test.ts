import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { mintQuickLink, mintUnsubscribeLink } from '../services/signedLinks';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../test/testApp';
import { LINK_EXPIRED, LINK_INVALID } from './auth/passwordRecovery';
import { createCollectorLink } from './gluon/collector/collectorLinks';
import { INVITATION_EXPIRED, INVITATION_NOT_FOUND, INVITATION_USED } from './invitations/invitations';

/**
 * The public flows as a user meets them: a link from a mail (read here from the development
 * mailbox), the console page it opens (never framed), then the API calls that page makes, with
 * clear answers for tampered, expired and reused links.
 */
describe('public flows: mail links, their pages, tampered / expired / reused tokens', () => {
  let t: TestApp;
  let staticDir: string;
  let adminToken: string;
  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(os.tmpdir(), 'mtd-static-'));
    await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>console</title>');
    t = await createTestApp({ env: { STATIC_DIR: staticDir } });
    adminToken = (await t.accessToken(await t.createUser())).token;
  });
  afterAll(async () => {
    await t?.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  async function linksMailedTo(to: string): Promise<string[]> {
    await t.app.background.drain();
    const res = await t.app.inject({ url: `/dev/mailbox/messages?to=${encodeURIComponent(to)}&limit=1` });
    return res.json().items.at(-1)?.links ?? [];
  }

  /** The console page of a link: index.html, with every header that keeps it out of frames. */
  async function expectUnframeablePage(link: string): Promise<void> {
    expect(link.startsWith(`${TEST_PUBLIC_URL}/`)).toBe(true);
    const res = await t.app.inject({ url: link.slice(TEST_PUBLIC_URL.length) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>console</title>');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    // Links carry secrets: never in a Referer.
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  }

  it('invitation: /invite/{token} from the mail; single use, then 410; tampered 404', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/um/users/invitations',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { email: 'colleague@example.com', permissions: ['gln#rpt#rw'] },
    });
    expect(created.statusCode).toBe(201);
    const [link, ...others] = await linksMailedTo('colleague@example.com');
    expect(others).toEqual([]);
    expect(link).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/invite/[A-Za-z0-9_-]{43}$`));
    await expectUnframeablePage(link!);
    const token = link!.split('/').pop()!;
    expect((await t.app.inject({ url: `/um/invite/${token}` })).json()).toMatchObject({
      username: 'colleague@example.com',
      expired: false,
    });
    const accept = () =>
      t.app.inject({
        method: 'POST',
        url: `/um/invite/${token}/setPassword`,
        payload: { newPassword: 'Welcome-Pass-1' },
      });
    expect((await accept()).statusCode).toBe(200);
    const reused = await accept();
    expect(reused.statusCode).toBe(410);
    expect(reused.json().message).toBe(INVITATION_USED);
    expect((await t.app.inject({ url: `/um/invite/${token}` })).json().expired).toBe(true);

    const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    const unknown = await t.app.inject({ url: `/um/invite/${tampered}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(INVITATION_NOT_FOUND);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/um/invite/${tampered}/setPassword`,
          payload: { newPassword: 'Welcome-Pass-1' },
        })
      ).json().message,
    ).toBe(INVITATION_NOT_FOUND);
  });

  it('invitation: an expired one answers 410 "has expired"', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/um/users/invitations',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { email: 'late@example.com', permissions: [] },
    });
    const token = (await linksMailedTo('late@example.com'))[0]!.split('/').pop()!;
    await t.db.query(
      "UPDATE invitations SET expires_at = now() - interval '1 second' WHERE email = 'late@example.com'",
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/um/invite/${token}/setPassword`,
      payload: { newPassword: 'Welcome-Pass-1' },
    });
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(INVITATION_EXPIRED);
  });

  it('password reset: /resetPassword/{id} from the mail; single use, then 410; tampered 404', async () => {
    const user = await t.createUser({ email: 'forgetful@example.com' });
    await t.app.inject({ method: 'POST', url: '/um/passwordRecovery', payload: { username: user.email } });
    const [link] = await linksMailedTo(user.email);
    expect(link).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/resetPassword/[A-Za-z0-9_-]{43}$`));
    await expectUnframeablePage(link!);
    const id = link!.split('/').pop()!;
    expect((await t.app.inject({ url: `/um/passwordRecovery/${id}` })).json()).toEqual({ otp: false });
    const change = () =>
      t.app.inject({
        method: 'POST',
        url: `/um/passwordRecovery/${id}/changePassword`,
        payload: { password: 'Brand-New-Pass-1' },
      });
    expect((await change()).statusCode).toBe(200);
    for (const res of [await change(), await t.app.inject({ url: `/um/passwordRecovery/${id}` })]) {
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toBe(LINK_EXPIRED);
    }
    const tampered = await t.app.inject({
      url: `/um/passwordRecovery/${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`,
    });
    expect(tampered.statusCode).toBe(404);
    expect(tampered.json().message).toBe(LINK_INVALID);
  });

  it('collector, quick and unsubscribe links open console pages that cannot be framed; tampered ones are refused with a message', async () => {
    const tenantId = (await t.createUser()).tenantId;
    const collector = await createCollectorLink(t.db, {
      tenantId,
      createdBy: null,
      name: null,
      maxInstalls: null,
      expiresAt: null,
    });
    await expectUnframeablePage(`${TEST_PUBLIC_URL}/collector/${collector.token}`);
    const quick = await mintQuickLink(t.app.tokens, TEST_PUBLIC_URL, { tenantId, os: 'WIN' });
    expect(quick.url).toBe(`${TEST_PUBLIC_URL}/collector/quick?tokenquick=${encodeURIComponent(quick.token)}`);
    await expectUnframeablePage(quick.url);
    const unsubscribe = await mintUnsubscribeLink(t.app.tokens, TEST_PUBLIC_URL, {
      tenantId,
      email: 'r@example.com',
      notification: 'weekly',
    });
    expect(unsubscribe.url).toBe(`${TEST_PUBLIC_URL}/unsubscribe?jwt=${encodeURIComponent(unsubscribe.token)}`);
    await expectUnframeablePage(unsubscribe.url);

    const badCollector = await t.app.inject({
      url: `/gluon-backend/sharedExtractorLinks/${collector.token.slice(0, -2)}xx/validate`,
    });
    expect(badCollector.statusCode).toBe(404);
    expect(badCollector.json().message).toBe('The link does not exist.');
    const badQuick = await t.app.inject({
      url: '/gluon-backend/extractors/quickdownload',
      headers: { authorization: `Bearer ${quick.token.slice(0, -4)}AAAA` },
    });
    expect(badQuick.statusCode).toBe(401);
    expect(badQuick.json().message).toEqual(expect.any(String));
  });
});
