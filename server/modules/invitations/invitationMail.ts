import type { MailMessage } from '../../contracts';
import { escapeHtml } from '../../services/escapeHtml';

/** The invitation mail: the single-use link and when it stops working. */
export function invitationMail(input: {
  to: string;
  link: string;
  expiresAt: Date;
  invitedBy: string | null;
}): MailMessage {
  const by = input.invitedBy ? ` by ${input.invitedBy}` : '';
  const until = input.expiresAt.toUTCString();
  return {
    to: input.to,
    subject: 'You are invited to the MTD console',
    text: `You have been invited${by} to the MTD console as ${input.to}.\n\nTo accept, open this link (valid until ${until}, usable once):\n${input.link}\n\nIf you did not expect this invitation, ignore this mail.`,
    html: `<p>You have been invited${escapeHtml(by)} to the MTD console as ${escapeHtml(input.to)}.</p><p><a href="${escapeHtml(input.link)}">Accept the invitation</a> (valid until ${escapeHtml(until)}, usable once).</p><p>If you did not expect this invitation, ignore this mail.</p>`,
  };
}
