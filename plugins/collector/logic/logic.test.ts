import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';

import { makeTestToken } from '../../../tests/harness/tokens';
import { downloadErrorMessage } from './downloadErrorMessage';
import { linkMessage } from './linkMessage';
import { defaultOs } from './os';
import { readQuickLinkToken } from './quickLinkToken';
import { validateEmail, validateFullName, validatePhone } from './validators';

describe('linkMessage (spec §8)', () => {
  it.each([
    [403, 'The link has expired.', 'The link is expired.'],
    [403, 'Link EXPIRED yesterday', 'The link is expired.'],
    [403, 'The link is not active.', 'The link is disabled.'],
    [403, 'The link has reached the maximum number of installations.', 'You have reached the installation limit.'],
    [403, 'Something else', 'Something else'],
    [404, 'The link does not exist.', 'The link does not exist.'],
    [500, 'Internal Server Error', 'Internal Server Error'],
    [503, null, 'The link could not be checked. Please try again later.'],
    [0, null, 'The link could not be checked. Please try again later.'],
    [403, null, 'The link could not be checked. Please try again later.'],
  ])('%d %s -> %s', (status, message, text) => {
    expect(linkMessage({ status, message })).toBe(text);
  });
});

describe('downloadErrorMessage', () => {
  it('link problems as on the check, a refused quick token as expired, the rest as the panel says', () => {
    expect(downloadErrorMessage({ status: 403, message: 'The link is not active.' })).toBe('The link is disabled.');
    expect(downloadErrorMessage({ status: 401, message: 'bad token' })).toBe('The link is expired.');
    expect(downloadErrorMessage({ status: 500, message: null })).toBe('Error - File Not Found');
    expect(downloadErrorMessage({ status: 0, message: null })).toBe('Error - File Not Found');
  });

  it.each([
    ['body email must match format "email"', 'Please insert a valid email.'],
    ['body email must NOT have more than 254 characters', 'Please insert a valid email.'],
    ['body fullName must match pattern "\\S"', 'Please insert your full name.'],
    ['body phone must match pattern "^[0-9+()./ -]*$"', 'Please insert a valid phone number.'],
    ['body must NOT have additional properties', 'body must NOT have additional properties'],
    ['The quick link names no supported operating system.', 'The quick link names no supported operating system.'],
  ])('a 400 is refused details, not a missing file: %s -> %s', (message, text) => {
    expect(downloadErrorMessage({ status: 400, message })).toBe(text);
  });

  it('a 400 without a message falls back to the panel text', () => {
    expect(downloadErrorMessage({ status: 400, message: null })).toBe('Error - File Not Found');
  });
});

describe('defaultOs', () => {
  it.each([
    [{ platform: 'MacIntel' }, 'MAC'],
    [{ userAgentData: { platform: 'macOS' }, platform: 'Win32' }, 'MAC'],
    [{ platform: 'Win32' }, 'WIN'],
    [{ platform: 'Linux x86_64' }, 'WIN'],
    [{}, 'WIN'],
  ] as const)('%o -> %s', (source, os) => {
    expect(defaultOs(source)).toBe(os);
  });
});

describe('readQuickLinkToken', () => {
  const now = Date.UTC(2030, 0, 1);
  const exp = now / 1000 + 60;
  it('reads the os claim, for display only', () => {
    expect(readQuickLinkToken(makeTestToken([], { os: 'WIN', exp }), now)).toEqual({ kind: 'ok', os: 'WIN' });
  });
  it('expired, unknown OS, garbage and absence', () => {
    expect(readQuickLinkToken(makeTestToken([], { os: 'MAC', exp: now / 1000 - 1 }), now)).toEqual({ kind: 'expired' });
    expect(readQuickLinkToken(makeTestToken([], { os: 'LINUX', exp }), now)).toEqual({ kind: 'invalid' });
    expect(readQuickLinkToken('%%%', now)).toEqual({ kind: 'invalid' });
    expect(readQuickLinkToken(null, now)).toEqual({ kind: 'invalid' });
  });
});

describe('validators (spec §5)', () => {
  it('full name required, email required and valid, phone optional', () => {
    expect(validateFullName('  ')).toBe('Please insert your full name.');
    expect(validateFullName('Ada')).toBeUndefined();
    expect(validateEmail('')).toBe('Please insert a valid email.');
    expect(validateEmail('ada@example')).toBe('Please insert a valid email.');
    expect(validateEmail(' ada@example.com ')).toBeUndefined();
    expect(validatePhone('')).toBeUndefined();
    expect(validatePhone('+44 (20) 7946-0000')).toBeUndefined();
    expect(validatePhone('call me')).toBe('Please insert a valid phone number.');
    expect(validatePhone('--')).toBe('Please insert a valid phone number.');
  });

  // The install route's check, as server/plugins/validators.ts sets it up (ajv-formats' default, "full" mode).
  const ajv = new Ajv({ strict: false });
  (addFormats as unknown as (a: Ajv) => Ajv)(ajv);
  const serverAccepts = ajv.compile({ type: 'string', format: 'email', maxLength: 254 });

  it.each([
    ['josé@example.com', false],
    ['ada..l@example.com', false],
    ['ada.@example.com', false],
    ['.ada@example.com', false],
    ['ada@exa_mple.com', false],
    ['ada(x)@example.com', false],
    ['ada@example', false],
    ['ada@localhost', false],
    ['ada@-example.com', false],
    ['ada@example-.com', false],
    ['ada@example.com.', false],
    ['ada@[10.0.0.1]', false],
    ['"ada l"@example.com', false],
    [`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`, false],
    ['ada@example.com', true],
    ['ADA@Example.COM', true],
    ['ada.l+tag@mail.example.co.uk', true],
    ["o'brien@example.com", true],
    ['ada@xn--bcher-kva.example', true],
    ['a@b.c', true],
  ])('the email %s is accepted here exactly when the server accepts it (%s)', (email, accepted) => {
    expect(serverAccepts(email)).toBe(accepted);
    expect(validateEmail(email)).toBe(accepted ? undefined : 'Please insert a valid email.');
  });
});
