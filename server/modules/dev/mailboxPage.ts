import { isoInZone, UTC_ZONE } from '@common/format/zonedTime';

import type { TenantTimeZone } from '../../schemas';
import { escapeHtml } from '../../services/escapeHtml';
import { type OutboxMail, splitLinks } from '../../services/mailbox';

/** A mail's text, escaped, with the console's own links clickable (nothing else becomes markup). */
function mailBody(text: string, publicUrl: string): string {
  return splitLinks(text, publicUrl)
    .map((part) =>
      part.href
        ? `<a href="${escapeHtml(part.href)}" rel="noreferrer">${escapeHtml(part.text)}</a>`
        : escapeHtml(part.text),
    )
    .join('');
}

/**
 * The development mailbox (GET /dev/mailbox): newest mail first, each with its recipient, its
 * time on the recipient's tenant's clock (named, as the mails print times), subject, delivery state
 * and text. Static HTML without scripts; inline styles only (allowed by
 * the console's CSP).
 */
export function renderMailboxPage(
  mails: readonly OutboxMail[],
  options: {
    publicUrl: string;
    to: string | null;
    /** The recipient's tenant's zone by address (lower case): a mail's time is printed on it, named; UTC otherwise. */
    zones?: ReadonlyMap<string, TenantTimeZone>;
  },
): string {
  const items = [...mails]
    .reverse()
    .map(
      (m) => `<article>
<h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(isoInZone(m.createdAt, options.zones?.get(m.to.toLowerCase()) ?? UTC_ZONE))} · ${escapeHtml(m.state)}</p>
<pre>${mailBody(m.text, options.publicUrl)}</pre>
${m.attachments
  .map(
    (a, i) =>
      `<p class="meta">Attachment: <a href="${escapeHtml(`/dev/mailbox/${encodeURIComponent(m.id)}/attachments/${i}`)}" download="${escapeHtml(a.filename)}">${escapeHtml(a.filename)}</a> (${escapeHtml(a.contentType)}, ${a.size} bytes)</p>`,
  )
  .join('\n')}
</article>`,
    )
    .join('\n');
  const heading = options.to ? `Mail to ${escapeHtml(options.to)}` : 'All mail';
  const empty = `<p>No mail yet. Invitations (<code>npm run admin -- invite --email …</code>), password resets ("Forgot your password?") and contact messages land here.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Development mailbox</title>
<link rel="icon" href="data:,">
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1c2127; }
article { border: 1px solid #d3d8de; border-radius: 6px; padding: 0 1rem 0.5rem; margin: 1rem 0; }
h2 { font-size: 1.05rem; margin: 0.8rem 0 0.2rem; }
.meta { color: #5f6b7c; margin: 0; font-size: 0.85rem; }
pre { white-space: pre-wrap; word-break: break-word; font: inherit; }
</style>
</head>
<body>
<p><a href="${escapeHtml(options.publicUrl)}/">← Open the console</a></p>
<h1>Development mailbox</h1>
<p>${heading}, newest first (the outbox table <code>mail_outbox</code>; never served with NODE_ENV=production). Reload for new mail; <a href="?">all mail</a>.</p>
${items || empty}
</body>
</html>
`;
}
