import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../test/testApp';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** Decodes quoted-printable soft line breaks so a long link reads as one string. */
const unfold = (raw: string): string => raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');

describe('mail delivery through a real SMTP receiver', () => {
  let smtp: SMTPServer;
  let t: TestApp;
  const inbox: Received[] = [];

  const arrivals = new EventEmitter();

  /** The first mail to `to`, as soon as the receiver has it (the test's own timeout bounds the wait). */
  function waitForMail(to: string): Promise<Received> {
    const find = () => inbox.find((m) => m.to.includes(to));
    return new Promise((resolve) => {
      const check = () => {
        const mail = find();
        if (!mail) return;
        arrivals.off('mail', check);
        resolve(mail);
      };
      arrivals.on('mail', check);
      check();
    });
  }

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          inbox.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          arrivals.emit('mail');
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the invitation mail with its /invite/{token} link', async () => {
    const admin = await t.createUser({ permissions: ['umg#usr#rw'] });
    const { token } = await t.accessToken(admin);
    const res = await t.app.inject({
      method: 'POST',
      url: '/um/users/invitations',
      headers: { authorization: `Bearer ${token}` },
      payload: { email: 'invitee@smtp.example', permissions: [] },
    });
    expect(res.statusCode).toBe(201);
    const mail = await waitForMail('invitee@smtp.example');
    const body = unfold(mail.raw);
    expect(body).toMatch(/Subject: You are invited to the MTD console/);
    const link = /http:\/\/127\.0\.0\.1:8080\/invite\/([A-Za-z0-9_-]{40,})/.exec(body);
    expect(link).not.toBeNull();
    // The delivered link works: the public invitation call knows it.
    const invite = await t.app.inject({ method: 'GET', url: `/um/invite/${link![1]}` });
    expect(invite.json()).toMatchObject({ username: 'invitee@smtp.example', expired: false });
    const [row] = await t.db.query<{ sent_at: Date | null; error: string | null }>(
      "SELECT sent_at, error FROM mail_outbox WHERE to_address = 'invitee@smtp.example'",
    );
    expect(row!.error).toBeNull();
    expect(row!.sent_at).not.toBeNull();
  });

  it("delivers a mail's attachments", async () => {
    await t.app.mailer.send(null, {
      to: 'csv@smtp.example',
      subject: 'Weekly',
      text: 'Attached.',
      attachments: [{ filename: 'week.csv', contentType: 'text/csv', content: 'a,b\r\n1,2\r\n' }],
    });
    const mail = await waitForMail('csv@smtp.example');
    expect(mail.raw).toMatch(/Content-Disposition: attachment; filename=week\.csv/);
    expect(mail.raw).toContain(Buffer.from('a,b\r\n1,2\r\n').toString('base64'));
  });

  it('delivers the password-reset mail with its /resetPassword/{id} link', async () => {
    const user = await t.createUser({ email: 'reset@smtp.example' });
    const res = await t.app.inject({ method: 'POST', url: '/um/passwordRecovery', payload: { username: user.email } });
    expect(res.statusCode).toBeLessThan(300);
    const mail = await waitForMail('reset@smtp.example');
    const link = /http:\/\/127\.0\.0\.1:8080\/resetPassword\/([A-Za-z0-9_-]{20,})/.exec(unfold(mail.raw));
    expect(link).not.toBeNull();
    const check = await t.app.inject({ method: 'GET', url: `/um/passwordRecovery/${link![1]}` });
    expect(check.statusCode).toBe(200);
  });
});
