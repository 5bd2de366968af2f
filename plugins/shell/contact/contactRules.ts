import type { ContactProduct, RequestType } from '../api/ShellApi';

/** The type select, in the spec's order and words (spec §2). */
export const REQUEST_TYPE_OPTIONS: readonly { value: RequestType; label: string }[] = [
  { value: 'contactSupport', label: 'Contact Support' },
  { value: 'featureRequest', label: 'Feature Request' },
  { value: 'sendFeedback', label: 'Send Feedback' },
  { value: 'reportABug', label: 'Report a Bug' },
];

/** Spec §5/§9. */
export const SUBJECT_MAX = 250;
export const MESSAGE_MAX = 200000;
export const RATING_MAX = 5;
export const RATING_DEFAULT = 3;

/** Spec §3: the rating travels for feedback only; every other type sends 0. */
export function ratingToSend(requestType: RequestType, rating: number): number {
  return requestType === 'sendFeedback' ? Math.min(RATING_MAX, Math.max(0, Math.round(rating))) : 0;
}

export interface ContactErrors {
  subject?: string;
  message?: string;
}

export function validateContact(subject: string, message: string): ContactErrors {
  const errors: ContactErrors = {};
  if (!subject.trim()) errors.subject = 'Subject is required';
  else if (subject.length > SUBJECT_MAX) errors.subject = `Subject must be at most ${SUBJECT_MAX} characters`;
  if (!message.trim()) errors.message = 'Message is required';
  else if (message.length > MESSAGE_MAX) errors.message = `Message must be at most ${MESSAGE_MAX} characters`;
  return errors;
}

const CONTACT_PRODUCTS: readonly ContactProduct[] = ['gluon', 'neutrino', 'electron'];

/** The product the user is in (the first path segment); gluon, the suite's home, otherwise. */
export function productOfPath(path: string): ContactProduct {
  const first = path.split('/')[1] ?? '';
  return (CONTACT_PRODUCTS as readonly string[]).includes(first) ? (first as ContactProduct) : 'gluon';
}
