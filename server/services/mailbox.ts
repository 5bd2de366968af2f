import type { Queryable } from '../contracts';

/** One mail of the outbox as the operator CLI and the development mailbox show it. */
export interface OutboxMail {
  id: string;
  createdAt: Date;
  to: string;
  subject: string;
  text: string;
  /** 'outbox only' (no SMTP_URL), 'sent by SMTP' or 'failed: <reason>'. */
  state: string;
  /** Name, type and size of each attachment (GET /dev/mailbox/:id/attachments/:index has the content). */
  attachments: { filename: string; contentType: string; size: number }[];
}

interface StoredAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export const MAILBOX_MAX_LIMIT = 1000;

/** The newest `limit` mails (optionally to one address), oldest first. */
export async function listOutbox(db: Queryable, filter: { to: string | null; limit: number }): Promise<OutboxMail[]> {
  const rows = await db.query<{
    id: string;
    created_at: Date;
    to_address: string;
    subject: string;
    body_text: string;
    sent_at: Date | null;
    error: string | null;
    attachments: StoredAttachment[] | string;
  }>(
    `SELECT id, created_at, to_address, subject, body_text, sent_at, error, attachments FROM mail_outbox
      WHERE ($1::text IS NULL OR to_address = $1) ORDER BY created_at DESC, id DESC LIMIT $2`,
    [filter.to, Math.min(filter.limit, MAILBOX_MAX_LIMIT)],
  );
  return rows.reverse().map((m) => ({
    id: String(m.id),
    createdAt: new Date(m.created_at),
    to: m.to_address,
    subject: m.subject,
    text: m.body_text,
    state: m.error ? `failed: ${m.error}` : m.sent_at ? 'sent by SMTP' : 'outbox only',
    attachments: parseAttachments(m.attachments).map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      size: Buffer.byteLength(a.content),
    })),
  }));
}

/** One stored attachment of one mail, or null when either does not exist. */
export async function readOutboxAttachment(
  db: Queryable,
  mailId: string,
  index: number,
): Promise<StoredAttachment | null> {
  const [row] = await db.query<{ attachments: StoredAttachment[] | string }>(
    'SELECT attachments FROM mail_outbox WHERE id = $1',
    [mailId],
  );
  return (row && parseAttachments(row.attachments)[index]) ?? null;
}

// jsonb arrives parsed from both engines; a string is tolerated (drivers configured otherwise).
function parseAttachments(value: StoredAttachment[] | string | null): StoredAttachment[] {
  if (!value) return [];
  return typeof value === 'string' ? (JSON.parse(value) as StoredAttachment[]) : value;
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;
/** Sentence punctuation after a link is not part of it ("open https://x/y."). */
const TRAILING = /[.,;:!?)\]]+$/;

/** What replaces a link's secret part in a delivered mail kept in the outbox. */
export const REDACTED = '[redacted]';

/**
 * The form of a mail kept once SMTP has delivered it: every link keeps its origin and first path
 * segment (which page it opened: /invite, /resetPassword, /collector, /unsubscribe) and loses the
 * rest, where the secrets are (path tokens, `?jwt=`, `?tokenquick=`).
 */
export function redactLinks(text: string): string {
  return text.replace(URL_IN_TEXT, (match) => {
    const url = match.replace(TRAILING, '');
    const tail = match.slice(url.length);
    const parsed = URL.parse(url);
    if (!parsed) return REDACTED + tail;
    const segments = parsed.pathname.split('/');
    const secretPart = segments.length > 2 || parsed.search !== '' || parsed.hash !== '';
    return (secretPart ? `${parsed.origin}/${segments[1]}/${REDACTED}` : url) + tail;
  });
}

export interface TextPart {
  text: string;
  /** Set when `text` is one of the console's own links. */
  href?: string;
}

/**
 * Splits mail text into plain parts and links; only links to the console itself (under
 * `publicUrl`) become links, anything else stays text, so a mail can never make the mailbox
 * point elsewhere.
 */
export function splitLinks(text: string, publicUrl: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = match[0].replace(TRAILING, '');
    const start = match.index;
    if (!isOwnLink(url, publicUrl)) continue;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** The console's own links in a mail, in order. */
export function consoleLinks(text: string, publicUrl: string): string[] {
  return splitLinks(text, publicUrl).flatMap((p) => (p.href ? [p.href] : []));
}

function isOwnLink(url: string, publicUrl: string): boolean {
  if (!url.startsWith(`${publicUrl}/`)) return false;
  try {
    return new URL(url).origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}
