import { describe, expect, it } from 'vitest';

import { loginErrorMessage } from './loginErrorMessage';
import { initialStep, parseLoginQuery } from './loginQuery';
import { normalizeOktaDomain } from './normalizeOktaDomain';
import { codeErrorOutcome, recoveryErrorOutcome } from './secondFactorError';
import {
  emailDomain,
  normalizeRecoveryCode,
  parseDigits,
  validateCode,
  validateJamfEmail,
  validateOktaDomain,
  validatePassword,
  validateRecoveryCode,
  validateRecoveryEmail,
  validateUsername,
} from './validators';

describe('loginErrorMessage (spec §8)', () => {
  it.each([
    [401, null, "The username / password you've entered doesn't match any account."],
    [403, 'Locked', "The username / password you've entered doesn't match any account."],
    [501, null, 'No connection, please make sure you have a valid internet connection and try again'],
    [504, null, 'No connection, please make sure you have a valid internet connection and try again'],
    [0, null, 'No connection, please make sure you have a valid internet connection and try again'],
    [400, 'Captcha token is required', 'Captcha token is required'],
    [400, null, 'The application has encountered an unknown error'],
    [500, 'boom', 'The application has encountered an unknown error'],
    [404, 'x', 'The application has encountered an unknown error'],
    [-1, null, 'The application has encountered an unknown error'],
  ])('%i %j', (status, message, expected) => {
    expect(loginErrorMessage({ status, message })).toBe(expected);
  });
});

describe('second-factor failures (spec §4, §8)', () => {
  it.each([
    ['Wrong TOTP code', { kind: 'field-error', message: 'Invalid six digit code.' }],
    ['Could not parse the code', { kind: 'field-error', message: 'Invalid six digit code.' }],
    ['Token expired', { kind: 'back-to-login' }],
    [null, { kind: 'back-to-login' }],
  ])('code: %j', (message, expected) => {
    expect(codeErrorOutcome({ status: 401, message })).toEqual(expected);
  });
  it.each([
    ['Wrong TOTP recovery code', { kind: 'field-error', message: 'Invalid recovery code.' }],
    ['Wrong TOTP code', { kind: 'back-to-login' }],
    [null, { kind: 'back-to-login' }],
  ])('recovery: %j', (message, expected) => {
    expect(recoveryErrorOutcome({ status: 401, message })).toEqual(expected);
  });
});

describe('validators (spec §5)', () => {
  it('required texts', () => {
    expect(validateUsername('')).toBe('Username is required');
    expect(validateUsername('  ')).toBe('Username is required');
    expect(validateUsername('bob')).toBeUndefined();
    expect(validatePassword('')).toBe('Password is required');
    expect(validateOktaDomain('')).toBe('Okta domain is required');
  });
  it('six-digit code', () => {
    expect(validateCode('')).toBe('Authentication code is required');
    expect(validateCode('12345')).toBe('Invalid six digit code.');
    expect(validateCode('123456')).toBeUndefined();
    expect(parseDigits('12a3-45 67')).toBe('123456');
  });
  it('recovery code', () => {
    expect(validateRecoveryCode('')).toBe('Recovery code is required');
    expect(validateRecoveryCode('--')).toBe('Invalid recovery code.');
    expect(validateRecoveryCode('1234-5678')).toBeUndefined();
    expect(normalizeRecoveryCode('1234-5678-90')).toBe('1234567890');
  });
  it('e-mail for the lost password', () => {
    expect(validateRecoveryEmail('')).toBe('Email is required');
    expect(validateRecoveryEmail('bob')).toBe('Please enter a valid email address');
    expect(validateRecoveryEmail('bob@x')).toBe('Please enter a valid email address');
    expect(validateRecoveryEmail('bob@example.com')).toBeUndefined();
  });
  it('Jamf screen e-mail', () => {
    expect(validateJamfEmail('')).toBe('You must enter a value');
    expect(validateJamfEmail('not-an-email')).toBe('Not a valid email');
    expect(validateJamfEmail('jamf.user@corp.example')).toBeUndefined();
    expect(emailDomain('Jamf.User@Corp.Example')).toBe('corp.example');
  });
});

describe('normalizeOktaDomain', () => {
  it.each([
    ['acme.okta.com', 'https://acme.okta.com'],
    ['https://acme.okta.com/oauth2/default', 'https://acme.okta.com'],
    ['  acme.okta.com  ', 'https://acme.okta.com'],
    ['http://127.0.0.1:8081', 'http://127.0.0.1:8081'],
    ['http://localhost:8081/okta', 'http://localhost:8081'],
    ['http://acme.okta.com', null],
    ['ftp://acme.okta.com', null],
    ['https://user:pw@acme.okta.com', null],
    ['', null],
    ['https://', null],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeOktaDomain(input)).toBe(expected);
  });
});

describe('login query and first step', () => {
  it('parses every parameter of spec §2', () => {
    const q = parseLoginQuery(
      '?returnUrl=%2Fgluon%2Fx&reauth=true&ssoDomain=corp.example&okta=acme.okta.com&oktaRedirect=true&url=%2Fy&token=t&legacy=true',
    );
    expect(q).toMatchObject({
      returnUrl: '/gluon/x',
      reauth: true,
      ssoDomain: 'corp.example',
      okta: 'acme.okta.com',
      oktaRedirect: true,
      url: '/y',
      token: 't',
      legacy: true,
    });
    expect(parseLoginQuery('reauth=false').reauth).toBe(false);
    expect(parseLoginQuery('').reauth).toBeNull();
  });
  it.each([
    ['', 'login'],
    ['reauth=false', 'login'],
    ['reauth=true', 'jamf'],
    ['ssoDomain=corp.example', 'jamf'],
    ['ssoDomain=corp.example&legacy=true', 'login'],
    ['okta', 'okta-client-issuer'],
    ['okta=acme.okta.com', 'okta-client-issuer'],
    ['oktaRedirect=true', 'okta-waiting'],
    ['googleRedirect=true', 'okta-waiting'],
  ])('%j opens %s', (search, step) => {
    expect(initialStep(parseLoginQuery(search))).toBe(step);
  });
});
