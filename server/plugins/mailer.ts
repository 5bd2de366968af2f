import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

import type { Database, Mailer, MailMessage, MailOutcome } from '../contracts';
import { redactLinks } from '../services/mailbox';

/**
 * Every mail lands in mail_outbox (read it at GET /dev/mailbox in development, or with
 * `npm run admin -- outbox`); with SMTP_URL it is also delivered by nodemailer. Mail text carries
 * link secrets (invitations, password resets, collector and unsubscribe links), so: the log line
 * names recipient and subject only, and once SMTP has delivered a mail the outbox keeps only its
 * redacted form (links cut after their first path segment, `redactLinks`). An undelivered mail
 * keeps its links: without SMTP the outbox is how the operator hands them over. A delivery failure
 * is recorded on the row and logged, never thrown: callers such as password recovery must answer
 * the same either way.
 */
export function createMailer(
  db: Database,
  log: FastifyBaseLogger,
  smtpUrl: string | null,
  from = 'MTD Console <no-reply@localhost>',
): Mailer & { close(): void } {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(tenantId: string | null, message: MailMessage): Promise<MailOutcome | void> {
      const attachments = message.attachments ?? [];
      const [row] = await db.query<{ id: string }>(
        'INSERT INTO mail_outbox (tenant_id, to_address, subject, body_text, body_html, attachments) VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING id',
        [tenantId, message.to, message.subject, message.text, message.html ?? null, JSON.stringify(attachments)],
      );
      log.info({ mailId: row?.id, to: message.to, subject: message.subject }, 'mail queued');
      if (!row) return;
      if (!transport) return { id: row.id, error: null };
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(attachments.length
            ? {
                attachments: attachments.map((a) => ({
                  filename: a.filename,
                  contentType: a.contentType,
                  content: a.content,
                })),
              }
            : {}),
        });
        await db.query('UPDATE mail_outbox SET sent_at = now(), body_text = $2, body_html = $3 WHERE id = $1', [
          row.id,
          redactLinks(message.text),
          message.html ? redactLinks(message.html) : null,
        ]);
        return { id: row.id, error: null };
      } catch (error) {
        log.error({ err: error, mailId: row.id }, 'SMTP delivery failed');
        const reason = String((error as Error).message).slice(0, 500);
        await db.query('UPDATE mail_outbox SET error = $2 WHERE id = $1', [row.id, reason]);
        return { id: row.id, error: reason };
      }
    },
    close() {
      transport?.close();
    },
  };
}
