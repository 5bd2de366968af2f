import { describe, expect, it } from 'vitest';

import { buildOAuthState, parseOAuthState } from './oauthState';

describe('OAuth state', () => {
  it.each([
    [{ random: 'r1', provider: 'jamf' as const }, 'r1|provider=jamf'],
    [{ random: 'r1', provider: 'okta' as const, returnPath: '/gluon/x' }, 'r1|provider=okta|/gluon/x'],
    [{ random: 'r1', inviteId: 'inv 1', returnPath: '/gluon' }, 'r1|inviteId=inv%201|/gluon'],
    [
      { random: 'r1', inviteId: 'inv1', provider: 'okta' as const, returnPath: '/invite/inv1' },
      'r1|inviteId=inv1&provider=okta|/invite/inv1',
    ],
    [{ random: 'r1', provider: 'google' as const, popup: true }, 'r1|provider=google&popup=1'],
    [
      { random: 'r1', provider: 'okta' as const, revalidate: '2fa' as const, returnPath: '/config/2fa' },
      'r1|provider=okta&revalidate=2fa|/config/2fa',
    ],
  ])('builds %j as %s and parses it back', (state, text) => {
    expect(buildOAuthState(state)).toBe(text);
    expect(parseOAuthState(text)).toEqual(state);
  });

  it('keeps a pipe inside the return path', () => {
    expect(parseOAuthState('r|provider=google|/a|b')).toEqual({ random: 'r', provider: 'google', returnPath: '/a|b' });
  });

  it.each([[null], [''], ['|provider=jamf']])('rejects %j', (raw) => {
    expect(parseOAuthState(raw)).toBeNull();
  });

  it('ignores unknown flags', () => {
    expect(parseOAuthState('r|provider=okta&popup=2&revalidate=admin&x=1')).toEqual({ random: 'r', provider: 'okta' });
  });

  it('ignores an unknown provider marker', () => {
    expect(parseOAuthState('r|provider=evil')).toEqual({ random: 'r' });
  });

  it('refuses a random value containing the separator', () => {
    expect(() => buildOAuthState({ random: 'a|b', provider: 'jamf' })).toThrow();
  });
});
