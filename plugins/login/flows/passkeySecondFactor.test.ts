import { describe, expect, it } from 'vitest';

import { FakePasskeyBrowser } from '@core/auth/passkeys/FakePasskeyBrowser';
import { apiFailure } from '@core/testing/apiFailure';

import { FakeSessionService } from '../../../tests/harness/fakeSession';
import { MemoryStorageService } from '../../../tests/harness/MemoryStorageService';
import { makeTestToken } from '../../../tests/harness/tokens';
import type { LoginApi } from '../api/LoginApi';
import { done, fieldError, go } from './FlowResult';
import { passkeySecondFactor } from './passkeySecondFactor';
import { fakeLoginServices } from './testing/fakeLoginServices';

const user = { username: 'bob@example.com', email: 'bob@example.com', totpEnabled: true };
const session =
  (extra: Record<string, unknown> = {}) =>
  async () => ({
    token: makeTestToken(['gln#rpt#rw'], { exp: 4102444800 }),
    user,
    mfaRequired: false,
    ...extra,
  });
const options = { challenge: 'c-2', allowCredentials: [{ id: 'cred-9', type: 'public-key' }] };

/** Services with a sign-in waiting for its second factor (TOTP or passkey). */
function pendingSignIn(own: Partial<LoginApi>, passkeys = new FakePasskeyBrowser()) {
  const fakes = fakeLoginServices(
    { passkeySecondFactorOptions: async () => options, ...own },
    { session: new FakeSessionService(), storage: new MemoryStorageService(), passkeys },
  );
  const outcome = fakes.session.adopt(
    {
      token: makeTestToken(['umg#otp#r'], { exp: 4102444800 }),
      user,
      mfaRequired: true,
      mfaMethods: ['totp', 'passkey'],
    },
    { username: 'bob@example.com', returnUrl: '/gluon' },
  );
  expect(outcome).toMatchObject({ kind: 'second-factor', pending: { methods: ['totp', 'passkey'] } });
  return fakes;
}

describe('passkey as the second factor', () => {
  it("answers the API's options with the browser's passkey and lands signed in", async () => {
    const { services, api, passkeys, session: held, nav } = pendingSignIn({ passkeySecondFactor: session() });
    passkeys.answer = { id: 'cred-9', type: 'public-key' };
    expect(await passkeySecondFactor(services)).toEqual(done);
    expect(passkeys.calls).toEqual([{ kind: 'authenticate', options, autofill: false }]);
    expect(api.passkeySecondFactor.mock.calls).toEqual([[{ credential: { id: 'cred-9', type: 'public-key' } }]]);
    expect(held.secondFactor()).toBeNull();
    expect(nav.path()).toBe('/landing');
  });

  it('a user whose tenant requires a passkey and who has none is led to add one, then where they were going', async () => {
    const { services, nav } = pendingSignIn({ passkeySecondFactor: session({ passkeyRequired: true }) });
    expect(await passkeySecondFactor(services)).toEqual(done);
    expect(nav.path()).toBe('/config/passkey');
    expect(nav.search()).toBe('returnUrl=%2Flanding');
  });

  it('backing out is no error; a refused passkey is an error on the step; a lost sign-in returns to login', async () => {
    const cancelled = new FakePasskeyBrowser();
    cancelled.answer = 'cancel';
    const backedOut = pendingSignIn({}, cancelled);
    expect(await passkeySecondFactor(backedOut.services)).toEqual(done);
    expect(backedOut.api.passkeySecondFactor).not.toHaveBeenCalled();

    const refused = () => Promise.reject(apiFailure(400, { message: 'The passkey could not be verified. Try again.' }));
    expect(await passkeySecondFactor(pendingSignIn({ passkeySecondFactor: refused }).services)).toEqual(
      fieldError('The passkey could not be verified. Try again.'),
    );
    const expired = () => Promise.reject(apiFailure(401, { message: 'Invalid token' }));
    const result = await passkeySecondFactor(pendingSignIn({ passkeySecondFactor: expired }).services);
    expect(result).toMatchObject({ kind: 'go', event: { type: 'back-to-login' } });
  });

  it('without a pending sign-in, returns to login and asks nothing', async () => {
    const fakes = fakeLoginServices({}, { session: new FakeSessionService(), storage: new MemoryStorageService() });
    expect(await passkeySecondFactor(fakes.services)).toEqual(go({ type: 'back-to-login' }));
    expect(fakes.passkeys.calls).toEqual([]);
  });
});
