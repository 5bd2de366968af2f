import { describe, expect, it } from 'vitest';

import { resolveCallback } from './resolveCallback';

function loginQuery(action: ReturnType<typeof resolveCallback>) {
  if (action.kind !== 'login') throw new Error(`expected login, got ${action.kind}`);
  const [path, search] = action.to.split('?');
  return { path, params: Object.fromEntries(new URLSearchParams(search)) };
}

describe('resolveCallback (spec §4)', () => {
  it('error + error_description -> login with Access Denied and the description', () => {
    expect(
      loginQuery(
        resolveCallback('?error=access_denied&error_description=User%20cancelled&code=x&state=r|provider=jamf'),
      ),
    ).toEqual({
      path: '/login',
      params: { error: 'Access Denied', error_description: 'User cancelled' },
    });
  });
  it('error alone still goes to login with Access Denied', () => {
    expect(loginQuery(resolveCallback('error=login_required')).params).toEqual({
      error: 'Access Denied',
      error_description: 'login_required',
    });
  });
  it('an error inside the Google popup is for the opener, with the way to login kept', () => {
    const action = resolveCallback(
      'error=access_denied&error_description=Cancelled&state=r1%7Cprovider%3Dgoogle%26popup%3D1',
    );
    expect(action).toEqual({
      kind: 'popupError',
      description: 'Cancelled',
      rawState: 'r1|provider=google&popup=1',
      to: '/login?error=Access+Denied&error_description=Cancelled',
    });
  });
  it('ssoDomain -> login with ssoDomain and url', () => {
    expect(loginQuery(resolveCallback('ssoDomain=corp.example&url=%2Fgluon%2Fx'))).toEqual({
      path: '/login',
      params: { ssoDomain: 'corp.example', url: '/gluon/x' },
    });
    expect(loginQuery(resolveCallback('ssoDomain=corp.example')).params).toEqual({ ssoDomain: 'corp.example' });
  });
  it.each([
    [
      'code=c&state=r1|provider=jamf|/gluon/x',
      {
        kind: 'jamf',
        code: 'c',
        rawState: 'r1|provider=jamf|/gluon/x',
        state: { random: 'r1', provider: 'jamf', returnPath: '/gluon/x' },
      },
    ],
    [
      'code=c&state=r1|inviteId=inv-9',
      { kind: 'jamf', code: 'c', rawState: 'r1|inviteId=inv-9', state: { random: 'r1', inviteId: 'inv-9' } },
    ],
    [
      'code=c&state=r1|inviteId=inv-9%26provider=okta|/invite/inv-9',
      {
        kind: 'invite',
        code: 'c',
        rawState: 'r1|inviteId=inv-9&provider=okta|/invite/inv-9',
        state: { random: 'r1', inviteId: 'inv-9', provider: 'okta', returnPath: '/invite/inv-9' },
      },
    ],
    [
      'code=c&state=r1|inviteId=inv-9%26provider=jamf',
      {
        kind: 'jamf',
        code: 'c',
        rawState: 'r1|inviteId=inv-9&provider=jamf',
        state: { random: 'r1', inviteId: 'inv-9', provider: 'jamf' },
      },
    ],
    [
      'code=c&state=r1|provider=google',
      { kind: 'oauth', code: 'c', rawState: 'r1|provider=google', state: { random: 'r1', provider: 'google' } },
    ],
    [
      'code=c&state=r1|provider=okta|/neutrino',
      {
        kind: 'oauth',
        code: 'c',
        rawState: 'r1|provider=okta|/neutrino',
        state: { random: 'r1', provider: 'okta', returnPath: '/neutrino' },
      },
    ],
    ['code=c&state=r1', { kind: 'oauth', code: 'c', rawState: 'r1', state: { random: 'r1' } }],
    [
      'code=c&state=r1|provider=google%26popup=1',
      {
        kind: 'oauth',
        code: 'c',
        rawState: 'r1|provider=google&popup=1',
        state: { random: 'r1', provider: 'google', popup: true },
      },
    ],
    [
      'code=c&state=r1|provider=jamf%26revalidate=2fa|/config/2fa',
      {
        kind: 'revalidate',
        code: 'c',
        rawState: 'r1|provider=jamf&revalidate=2fa|/config/2fa',
        state: { random: 'r1', provider: 'jamf', revalidate: '2fa', returnPath: '/config/2fa' },
      },
    ],
  ])('%s', (search, expected) => {
    expect(resolveCallback(search)).toEqual(expected);
  });
  it.each([[''], ['code=c'], ['state=r|provider=jamf'], ['code=c&state=']])(
    'incomplete %j -> login with Access Denied',
    (search) => {
      expect(loginQuery(resolveCallback(search)).params.error).toBe('Access Denied');
    },
  );
});
