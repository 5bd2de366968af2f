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
    [500, 'Internal Server Error', 'The link could not be checked. Please try again later.'],
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
});
