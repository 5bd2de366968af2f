import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';

import { isApiEmail } from './isApiEmail';

// ajv-formats' own "full" email format, which the API's validator used before it installed isApiEmail.
const ajv = new Ajv({ strict: false });
(addFormats as unknown as (a: Ajv) => Ajv)(ajv);
const apiAccepts = ajv.compile({ type: 'string', format: 'email' });

describe('isApiEmail', () => {
  it.each([
    'ada@example.com',
    'Ada.Lovelace+tag@sub.example.co.uk',
    "o'brien@example.org",
    'ada..l@example.com',
    'ada.@example.com',
    '.ada@example.com',
    'ada@localhost',
    'ada@example.com.',
    'ada@exa_mple.com',
    'josé@example.com',
    'ada(x)@example.com',
    'ada@-example.com',
    'a b@example.com',
  ])('%s: the forms decide as the API does', (address) => {
    expect(isApiEmail(address)).toBe(apiAccepts(address));
  });
});
