import { describe, expect, it } from 'vitest';

import type { Invite } from '../api/InviteApi';
import { parseInviteQuery } from '../logic/inviteQuery';
import { firstLoginMethod } from '../logic/loginMethod';
import { passwordsComplete, passwordsMismatch, showMismatch } from '../logic/passwordRules';
import { initialInviteState, inviteReducer, type InviteState } from './inviteReducer';

const invite = (allowedLoginMethods: string[], expired = false): Invite => ({
  username: 'a@corp.example',
  expired,
  allowedLoginMethods,
});

describe('firstLoginMethod (spec §3: the first allowed method)', () => {
  it.each([
    [['JamfAuth0', 'password'], 'jamf'],
    [['Google'], 'google'],
    [['Okta', 'Google'], 'okta'],
    [['password', 'Okta'], 'password'],
    [['SomethingElse'], 'password'],
    [[], 'password'],
  ])('%j -> %s', (methods, method) => {
    expect(firstLoginMethod(methods)).toBe(method);
  });
});

describe('inviteReducer', () => {
  it('loaded: expired view, the Jamf layout or step 1 with the method', () => {
    expect(inviteReducer(initialInviteState, { type: 'loaded', invite: invite(['Okta'], true) })).toEqual({
      phase: 'expired',
    });
    expect(inviteReducer(initialInviteState, { type: 'loaded', invite: invite(['JamfAuth0']) })).toMatchObject({
      phase: 'jamf',
      error: null,
    });
    expect(inviteReducer(initialInviteState, { type: 'loaded', invite: invite(['Google']) })).toMatchObject({
      phase: 'first-login',
      method: 'google',
      busy: false,
    });
    expect(inviteReducer(initialInviteState, { type: 'loadFailed' })).toEqual({ phase: 'expired' });
  });

  it('step 1: busy while signing in, the error clears busy, sign-in reaches step 2', () => {
    const step1: InviteState = {
      phase: 'first-login',
      invite: invite(['password']),
      method: 'password',
      busy: false,
      error: 'old',
    };
    const busy = inviteReducer(step1, { type: 'started' });
    expect(busy).toMatchObject({ busy: true, error: null });
    expect(inviteReducer(busy, { type: 'started' })).toBe(busy);
    expect(inviteReducer(busy, { type: 'failed', message: 'no' })).toMatchObject({ busy: false, error: 'no' });
    expect(inviteReducer(busy, { type: 'signedIn' })).toEqual({ phase: 'activate-2fa' });
    expect(inviteReducer(busy, { type: 'activatedNotSignedIn', message: 'm' })).toEqual({
      phase: 'activated',
      message: 'm',
    });
  });

  it('nothing leaves the expired view', () => {
    const expired: InviteState = { phase: 'expired' };
    for (const event of [{ type: 'signedIn' }, { type: 'started' }, { type: 'loaded', invite: invite([]) }] as const)
      expect(inviteReducer(expired, event)).toBe(expired);
  });
});

describe('password rules (spec §5)', () => {
  it('both required, the confirmation equal', () => {
    expect(passwordsComplete({ newPassword: 'a', validatePassword: '' })).toBe(false);
    expect(passwordsComplete({ newPassword: 'a', validatePassword: 'a' })).toBe(true);
    expect(passwordsMismatch({ newPassword: 'abc', validatePassword: 'abd' })).toBe(true);
    expect(passwordsMismatch({ newPassword: 'abc', validatePassword: '' })).toBe(false);
  });

  it('the mismatch shows once the confirmation was left or is as long as the password', () => {
    expect(showMismatch({ newPassword: 'abcdef', validatePassword: 'ab' }, false)).toBe(false);
    expect(showMismatch({ newPassword: 'abcdef', validatePassword: 'ab' }, true)).toBe(true);
    expect(showMismatch({ newPassword: 'abcdef', validatePassword: 'abcdeg' }, false)).toBe(true);
    expect(showMismatch({ newPassword: 'abcdef', validatePassword: 'abcdef' }, true)).toBe(false);
  });
});

describe('parseInviteQuery', () => {
  it('reads the return from a provider', () => {
    expect(parseInviteQuery('oktaRedirect=true&inviteFlow=google')).toEqual({ returning: true, flow: 'google' });
    expect(parseInviteQuery('oktaRedirect=true')).toEqual({ returning: true, flow: null });
    expect(parseInviteQuery('inviteFlow=jamf')).toEqual({ returning: false, flow: null });
  });
});
