import { isApiEmail } from '@common/format/isApiEmail';
/**
 * The API's input rules, checked before sending (the API checks again): an e-mail as the
 * server's `format: email` and ≤ 254 characters; permissions `module#resource#mode`.
 */
export const PERMISSION_PATTERN = /^[a-z]{3}#[a-z]{2,4}#(r|w|rw)$/;

export function emailError(value: string): string | undefined {
  const email = value.trim();
  if (!email) return 'Email is required';
  if (email.length > 254) return 'The e-mail address is longer than 254 characters.';
  if (!isApiEmail(email)) return 'Please enter a valid email address';
  return undefined;
}

export function permissionsError(perms: readonly string[]): string | undefined {
  const bad = perms.filter((p) => !PERMISSION_PATTERN.test(p));
  if (bad.length) return `Not of the form module#resource#mode: ${bad.join(', ')}`;
  if (perms.length > 100) return 'At most 100 permissions.';
  return undefined;
}

export function urlError(value: string, what: string): string | undefined {
  const v = value.trim();
  if (!v) return `${what} is required`;
  if (v.length > 512) return `${what} is longer than 512 characters.`;
  return undefined;
}
