/**
 * The API's `format: 'email'` (server/plugins/validators.ts installs this very function as the
 * format), and what the console's forms check: nothing passes a form that the API then refuses.
 * It is ajv-formats' "full" email format, kept equal to it by isApiEmail.test.ts: ASCII only,
 * dot-separated local part, a dotted domain of hostname labels.
 */
const API_EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

export function isApiEmail(value: string): boolean {
  return API_EMAIL.test(value);
}
