/**
 * The API's `format: 'email'`: ajv-formats in its default ("full") mode, as server/plugins/validators.ts
 * installs it. Forms check addresses with this, so nothing passes a form that the API then refuses.
 * ASCII only, dot-separated local part, a dotted domain of hostname labels.
 */
const API_EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

export function isApiEmail(value: string): boolean {
  return API_EMAIL.test(value);
}
