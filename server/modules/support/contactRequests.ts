import type { Mailer, Queryable } from '../../contracts';

// Spec §7 (product backends) fixes Contact Us to these three backends (not every entry of common/products.ts has one).
export const PRODUCTS = ['gluon', 'neutrino', 'electron'] as const;
export type Product = (typeof PRODUCTS)[number];

export const REQUEST_TYPES = ['contactSupport', 'featureRequest', 'sendFeedback', 'reportABug'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

const TITLES: Record<RequestType, string> = {
  contactSupport: 'Contact Support',
  featureRequest: 'Feature Request',
  sendFeedback: 'Send Feedback',
  reportABug: 'Report a Bug',
};

export interface ContactRequestInput {
  tenantId: string;
  userId: string;
  userEmail: string | null;
  product: Product;
  requestType: RequestType;
  subject: string;
  message: string;
  /** As sent; stored only for feedback (spec: "0 unless feedback; default 3"). */
  rating: number | undefined;
  relatedPageUrl: string | null;
}

/** The rating kept for a request: 0 unless feedback, where it defaults to 3. */
export function storedRating(requestType: RequestType, rating: number | undefined): number {
  return requestType === 'sendFeedback' ? (rating ?? 3) : 0;
}

/** Stores the request, then mails it to the support address (outbox row + SMTP when set). */
export async function submitContactRequest(
  db: Queryable,
  mailer: Mailer,
  supportEmail: string,
  input: ContactRequestInput,
): Promise<string> {
  const rating = storedRating(input.requestType, input.rating);
  const rows = await db.query<{ id: string }>(
    `INSERT INTO contact_requests (tenant_id, user_id, product, request_type, subject, message, rating, related_page_url)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      input.tenantId,
      input.userId,
      input.product,
      input.requestType,
      input.subject,
      input.message,
      rating,
      input.relatedPageUrl,
    ],
  );
  const id = rows[0]!.id;
  const lines = [
    `${TITLES[input.requestType]} from ${input.userEmail ?? input.userId} (${input.product})`,
    `Request: ${id}`,
    input.requestType === 'sendFeedback' ? `Rating: ${rating} of 5` : null,
    input.relatedPageUrl ? `Page: ${input.relatedPageUrl}` : null,
    '',
    input.message,
  ].filter((line): line is string => line !== null);
  await mailer.send(input.tenantId, {
    to: supportEmail,
    subject: `[${TITLES[input.requestType]}] ${input.subject}`.replace(/[\r\n]+/g, ' '),
    text: lines.join('\n'),
  });
  return id;
}
