import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { lockPathOf } from '../db/dataDirLock';
import { pgliteDir } from '../db/index';
import { openPglite } from '../db/pglite';
import { currentStep, totpCode } from '../modules/auth/totp';
import { type ApiProcess, freePort, spawnApi } from './processHarness';

const ADMIN = { email: 'admin@restart.example', password: 'Restart-Admin-Pass-1' };
const MFA_USER = { email: 'mfa@restart.example', password: 'Restart-Mfa-Pass-12' };
const VISITOR = { fullName: 'Ada Lovelace', email: 'ada@restart.example', phone: '+44 20 7946 0000', os: 'WIN' };

/**
 * The API as `npm start` runs it, on PGlite, killed with SIGKILL in
 * the middle of sign-ins and collector downloads, started again on the same folder, then stopped
 * with SIGTERM while requests are in flight. Every answer given before a kill stays true after it;
 * no half-written row (install counter and rows, invitation and password, session and its audit
 * row) survives; a TOTP code or recovery code passes once and stays spent; the folder opens again
 * each time.
 */
describe('SIGKILL and SIGTERM on PGlite', () => {
  let dir: string;
  let base: string;
  let env: Record<string, string>;
  const running: ApiProcess[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'mtd-restarts-'));
    // A migrated folder from the run's template: the processes skip the slow first initialisation.
    const template = inject('pgliteTemplate');
    const seed = await openPglite({
      dataDir: pgliteDir(dir),
      ...(template ? { loadDataDir: new Blob([await readFile(template)]) } : {}),
    });
    await seed.close();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = {
      NODE_ENV: 'development',
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      STARTUP_TIMEOUT_S: '120',
      // Request lines and the shutdown line: the SIGTERM step waits on them, not on time.
      LOG_LEVEL: 'info',
    };
  });
  afterAll(async () => {
    for (const api of running) api.child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  async function start(): Promise<ApiProcess> {
    const api = spawnApi(env);
    running.push(api);
    await api.waitFor('Console and API', 90_000);
    return api;
  }
  const json = (body: unknown, token?: string): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  async function signInAs(who: { email: string; password: string }): Promise<string> {
    const res = await fetch(`${base}/um/login`, json({ username: who.email, password: who.password }));
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  }
  const signIn = () => signInAs(ADMIN);
  /** Invites `email` as the administrator and answers the invitation token of the mail it got. */
  async function invite(email: string, adminToken: string): Promise<string> {
    expect((await fetch(`${base}/um/users/invitations`, json({ email, permissions: [] }, adminToken))).status).toBe(
      201,
    );
    const mailbox = (await (
      await fetch(`${base}/dev/mailbox/messages?to=${encodeURIComponent(email)}&limit=1`)
    ).json()) as { items: { links: string[] }[] };
    return mailbox.items[0]!.links[0]!.split('/').pop()!;
  }
  /** One request's outcome: its status, or 0 when the connection died with the process. */
  const attempt = (url: string, init: RequestInit) =>
    fetch(url, init).then(
      async (res) => ({ status: res.status, body: await res.text().catch(() => '') }),
      () => ({ status: 0, body: '' }),
    );

  it('answers given before a SIGKILL hold after the restart; SIGTERM drains requests and closes the folder cleanly', async () => {
    const first = await start();
    const adminToken = await signIn();
    const created = await fetch(`${base}/gluon-backend/sharedExtractorLinks`, json({ maxInstalls: 1000 }, adminToken));
    expect(created.status).toBe(201);
    const link = (await created.json()) as { token: string; link: { id: string } };

    // Invitations to accept while the process dies (their links from the development mailbox).
    const invited: { email: string; token: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const email = `invitee${i}@restart.example`;
      invited.push({ email, token: await invite(email, adminToken) });
    }

    // A user with two-factor authentication, for the single-use codes: invited, activated, TOTP
    // turned on (its code for step s0 accepted), then four second-factor tokens to spend.
    const mfaInvitation = await invite(MFA_USER.email, adminToken);
    expect(
      (await fetch(`${base}/um/invite/${mfaInvitation}/setPassword`, json({ newPassword: MFA_USER.password }))).status,
    ).toBe(200);
    const mfaSession = await signInAs(MFA_USER);
    const recovery = (await (
      await fetch(`${base}/um/mfa/validatePassword`, json({ password: MFA_USER.password }, mfaSession))
    ).json()) as { token: string };
    const totpSetup = (await (
      await fetch(`${base}/um/mfa/totp/create`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${recovery.token}` },
      })
    ).json()) as {
      secret: string;
      recoveryCodes: string[];
    };
    const s0 = currentStep();
    expect(
      (await fetch(`${base}/um/mfa/totp/verifyQr`, json({ totpCode: totpCode(totpSetup.secret, s0) }, recovery.token)))
        .status,
    ).toBe(200);
    const secondFactor: string[] = [];
    for (let i = 0; i < 4; i++) secondFactor.push(await signInAs(MFA_USER));
    // The next step's code is within the ±1 window now and newer than s0: acceptable exactly once.
    const nextStep = s0 + 1;
    const code = totpCode(totpSetup.secret, nextStep);
    const recoveryCode = totpSetup.recoveryCodes[0]!;

    // Sign-ins, downloads, invitation acceptances and second factors in flight; the process dies under them.
    // The same TOTP code twice and the same recovery code twice, each with its own second-factor
    // token, sent first so that their answers come before the kill. Four at once: one user's
    // second-factor checks past five at once meet the lockout (modules/auth/parallelGuesses.test.ts).
    const totpTries = secondFactor
      .slice(0, 2)
      .map((token) => attempt(`${base}/um/mfa/totp/validateCode`, json({ totpCode: code }, token)));
    const recoveryTries = secondFactor
      .slice(2, 4)
      .map((token) =>
        attempt(`${base}/um/mfa/totp/validateRecoveryCode`, json({ totpRecoveryCode: recoveryCode }, token)),
      );
    const downloads = Array.from({ length: 24 }, () =>
      attempt(`${base}/gluon-backend/sharedExtractorLinks/${encodeURIComponent(link.token)}`, json(VISITOR)),
    );
    const signIns = Array.from({ length: 8 }, () =>
      attempt(`${base}/um/login`, json({ username: ADMIN.email, password: ADMIN.password })),
    );
    const accepts = invited.map((inv) =>
      attempt(`${base}/um/invite/${inv.token}/setPassword`, json({ newPassword: 'Invitee-Pass-1234' })),
    );
    // Kill once every kind has been answered at least once (others are still in flight).
    const answered = (list: Promise<{ status: number }>[]) =>
      Promise.any(list.map((p) => p.then((r) => (r.status === 200 ? r : Promise.reject(new Error('not yet'))))));
    await Promise.all([answered(downloads), answered(signIns), answered(totpTries), answered(recoveryTries)]);
    first.child.kill('SIGKILL');
    expect(await first.exited).toMatchObject({ signal: 'SIGKILL' });
    const downloaded = (await Promise.all(downloads)).filter((r) => r.status === 200).length;
    const signedIn = (await Promise.all(signIns))
      .filter((r) => r.status === 200)
      .map((r) => (JSON.parse(r.body) as { token: string }).token);
    expect(downloaded + signedIn.length).toBeGreaterThan(0);
    // ...and the kill did land in the middle: some requests never got their answer.
    expect(downloaded + signedIn.length).toBeLessThan(downloads.length + signIns.length);
    const accepted = (await Promise.all(accepts)).map((r) => r.status === 200);
    // Each code passes once, however many ask for it at the same time.
    const totpAccepted = (await Promise.all(totpTries)).filter((r) => r.status === 200).length;
    const recoveryAccepted = (await Promise.all(recoveryTries)).filter((r) => r.status === 200).length;
    expect(totpAccepted).toBe(1);
    expect(recoveryAccepted).toBe(1);

    // The lock of the dead process is stale: the same folder opens again.
    const second = await start();
    for (const token of signedIn) {
      const refreshed = await fetch(`${base}/um/refresh`, { headers: { authorization: `Bearer ${token}` } });
      expect(refreshed.status, 'a session answered before the kill is still there').toBe(200);
    }

    // SIGTERM while a sign-in is in flight (its body half sent): it is still answered, then the
    // process ends with 0 and lets go of the folder.
    const body = JSON.stringify({ username: ADMIN.email, password: ADMIN.password });
    const socket = net.connect(Number(new URL(base).port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const socketClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      `POST /um/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    // The sign-in is in flight once the API has logged its request line (written before its body is read)...
    await second.waitFor(/"method":"POST","url":"\/um\/login"[^\n]*"msg":"incoming request"/);
    second.child.kill('SIGTERM');
    // ...and the rest of its body comes once the API is shutting down.
    await second.waitFor('SIGTERM: shutting down');
    socket.write(body.slice(10));
    await socketClosed;
    const ended = await second.exited;
    expect(ended, `${second.stdout()}\n${second.stderr()}`).toMatchObject({ code: 0 });
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    const drainedToken = (JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { token: string }).token;
    expect(drainedToken.split('.')).toHaveLength(3);
    expect(existsSync(lockPathOf(pgliteDir(dir)))).toBe(false);

    const db = await openPglite({ dataDir: pgliteDir(dir), holder: 'cli' });
    try {
      const [counts] = await db.query<{ install_count: number; rows: number }>(
        'SELECT install_count, (SELECT count(*)::int FROM collector_installs WHERE link_id = l.id) AS rows FROM collector_links l WHERE id = $1',
        [link.link.id],
      );
      // Every answered download was committed; the counter and the install rows never disagree.
      expect(counts!.install_count).toBe(counts!.rows);
      expect(counts!.install_count).toBeGreaterThanOrEqual(downloaded);
      // An invitation is used exactly when its account got the password (one transaction), and
      // every acceptance answered before the kill is there.
      for (const [i, inv] of invited.entries()) {
        const [row] = await db.query<{ used: boolean; has_password: boolean }>(
          'SELECT i.used_at IS NOT NULL AS used, u.password_hash IS NOT NULL AS has_password FROM invitations i JOIN users u ON u.id = i.user_id WHERE i.email = $1',
          [inv.email],
        );
        expect(row!.used, inv.email).toBe(row!.has_password);
        if (accepted[i]) expect(row!.used, inv.email).toBe(true);
      }
      const sessions = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions');
      expect(sessions[0]!.n).toBeGreaterThanOrEqual(2 + signedIn.length);
      // A code answered before the kill stays spent after it: the TOTP step and the recovery code
      // were committed before the answer.
      const [mfa] = await db.query<{ last_step: number | null; used: number }>(
        'SELECT u.totp_last_step AS last_step, (SELECT count(*)::int FROM recovery_codes r WHERE r.user_id = u.id AND r.used_at IS NOT NULL) AS used FROM users u WHERE u.email = $1',
        [MFA_USER.email],
      );
      expect(mfa).toEqual({ last_step: nextStep, used: 1 });
      // A session and its 'login' audit row are one statement: a kill never leaves one without the other.
      const unaudited = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM sessions s WHERE NOT EXISTS (SELECT 1 FROM audit_events a WHERE a.action = 'login' AND a.target = s.id::text)",
      );
      expect(unaudited[0]!.n).toBe(0);
    } finally {
      await db.close();
    }
  }, 150_000);
});
