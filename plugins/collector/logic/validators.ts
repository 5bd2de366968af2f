import { isApiEmail } from '@common/format/isApiEmail';

import { CollectorTexts } from './texts';

export type Validator = (value: unknown) => string | undefined;

/** What the API accepts for a phone number, with at least one digit. */
const PHONE_PATTERN = /^[0-9+()./ -]*$/;

export const MAX_LENGTHS = { fullName: 200, email: 254, phone: 40 } as const;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export const validateFullName: Validator = (value) => (text(value) ? undefined : CollectorTexts.fullNameRequired);

/** Spec §5: required and valid, one message for both (the route also caps it at 254 characters). */
export const validateEmail: Validator = (value) => {
  const email = text(value);
  return email.length <= MAX_LENGTHS.email && isApiEmail(email) ? undefined : CollectorTexts.emailInvalid;
};

/** Optional; when filled, digits and the usual separators. */
export const validatePhone: Validator = (value) => {
  const phone = text(value);
  if (!phone) return undefined;
  return PHONE_PATTERN.test(phone) && /\d/.test(phone) ? undefined : CollectorTexts.phoneInvalid;
};
