import { isoInZone, UTC_ZONE } from '@common/format/zonedTime';

import type { MailMessage } from '../../contracts';
import { escapeHtml } from '../../services/escapeHtml';

/** The invitation mail: the single-use link and when it stops working. */
export function invitationMail(input: {
  to: string;
  link: string;
  expiresAt: Date;
  invitedBy: string | null;
  /** The tenant's zone: the expiry is printed in it, named (ISO 8601 like the alert mails). */
  zone?: { offset: number; name: string };
}): MailMessage {
  const by = input.invitedBy ? ` by ${input.invitedBy}` : '';
  const until = isoInZone(input.expiresAt, input.zone ?? UTC_ZONE);
  return {
    to: input.to,
    subject: 'You are invited to the MTD console',
    text: `You have been invited${by} to the MTD console as ${input.to}.\n\nTo accept, open this link (valid until ${until}, usable once):\n${input.link}\n\nIf you did not expect this invitation, ignore this mail.`,
    html: `<p>You have been invited${escapeHtml(by)} to the MTD console as ${escapeHtml(input.to)}.</p><p><a href="${escapeHtml(input.link)}">Accept the invitation</a> (valid until ${escapeHtml(until)}, usable once).</p><p>If you did not expect this invitation, ignore this mail.</p>`,
  };
}
