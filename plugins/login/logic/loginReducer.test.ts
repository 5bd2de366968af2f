import { describe, expect, it } from 'vitest';

import type { LoginStep } from './loginQuery';
import { parseLoginQuery } from './loginQuery';
import { initialLoginState, type LoginEvent, loginReducer, type LoginState } from './loginReducer';

const at = (step: LoginStep, extra: Partial<LoginState> = {}): LoginState => ({
  step,
  notice: null,
  username: '',
  ...extra,
});

describe('login step machine (spec §4 "Login steps")', () => {
  it("opens on the query's step with the callback failure as notice", () => {
    expect(initialLoginState(parseLoginQuery('oktaRedirect=true'))).toEqual(at('okta-waiting'));
    expect(initialLoginState(parseLoginQuery('error=Access%20Denied&error_description=User%20not%20found'))).toEqual(
      at('login', { notice: { title: 'Access Denied', message: 'User not found' } }),
    );
  });

  it.each<[string, LoginState, LoginEvent, LoginState]>([
    [
      'login -> lost-password via the link',
      at('login', { notice: { message: 'x' } }),
      { type: 'open', step: 'lost-password' },
      at('lost-password'),
    ],
    [
      'login -> okta-client-issuer via the Okta button',
      at('login'),
      { type: 'open', step: 'okta-client-issuer' },
      at('okta-client-issuer'),
    ],
    ['login -> two-auth on a second-factor answer', at('login'), { type: 'second-factor' }, at('two-auth')],
    [
      'okta-waiting -> two-auth on a second-factor answer',
      at('okta-waiting'),
      { type: 'second-factor' },
      at('two-auth'),
    ],
    ['two-auth -> recovery-code via the link', at('two-auth'), { type: 'use-recovery-code' }, at('recovery-code')],
    ['recovery-code -> two-auth via the link', at('recovery-code'), { type: 'use-code' }, at('two-auth')],
    [
      'a failed code step returns to login with its notice',
      at('recovery-code'),
      { type: 'back-to-login', notice: { message: 'No connection' } },
      at('login', { notice: { message: 'No connection' } }),
    ],
    [
      '"Return to login screen" clears the notice',
      at('okta-client-issuer', { notice: { title: 'Access Denied' } }),
      { type: 'back-to-login' },
      at('login'),
    ],
    [
      'the Jamf regular-flow event opens the form pre-filled',
      at('jamf'),
      { type: 'regular-flow', username: 'a@b.example' },
      at('login', { username: 'a@b.example' }),
    ],
  ])('%s', (_name, state, event, expected) => {
    expect(loginReducer(state, event)).toEqual(expected);
  });

  it.each<[LoginState, LoginEvent]>([
    [at('login'), { type: 'use-recovery-code' }],
    [at('login'), { type: 'use-code' }],
    [at('two-auth'), { type: 'use-code' }],
    [at('recovery-code'), { type: 'use-recovery-code' }],
    [at('two-auth'), { type: 'open', step: 'lost-password' }],
  ])('ignores a link of another step (%j, %j)', (state, event) => {
    expect(loginReducer(state, event)).toBe(state);
  });
});
