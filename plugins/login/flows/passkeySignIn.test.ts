import { describe, expect, it } from 'vitest';

import { FakePasskeyBrowser } from '@core/auth/passkeys/FakePasskeyBrowser';
import { apiFailure } from '@core/testing/apiFailure';

import { FakeSessionService } from '../../../tests/harness/fakeSession';
import { MemoryStorageService } from '../../../tests/harness/MemoryStorageService';
import { makeTestToken } from '../../../tests/harness/tokens';
import type { LoginApi } from '../api/LoginApi';
import { done, fieldError } from './FlowResult';
import { PASSKEY_UNSUPPORTED, passkeySignIn } from './passkeySignIn';
import { fakeLoginServices } from './testing/fakeLoginServices';

const user = { username: 'bob@example.com', email: 'bob@example.com', totpEnabled: false };
const signedIn = async () => ({ token: makeTestToken(['gln#rpt#rw'], { exp: 4102444800 }), user, mfaRequired: false });
const options = { challenge: 'c-1', rpId: 'console.example' };

function fakes(own: Partial<LoginApi>, passkeys = new FakePasskeyBrowser()) {
  return fakeLoginServices(
    { passkeySignInOptions: async () => options, ...own },
    { session: new FakeSessionService(), storage: new MemoryStorageService(), passkeys },
  );
}

describe('passkey sign-in', () => {
  it("hands the API's options to the browser and its answer to the API, then lands signed in", async () => {
    const { services, api, passkeys, session, nav } = fakes({ passkeySignIn: signedIn });
    passkeys.answer = { id: 'cred-9', type: 'public-key' };
    expect(await passkeySignIn(services, '/gluon')).toEqual(done);
    expect(passkeys.calls).toEqual([{ kind: 'authenticate', options, autofill: false }]);
    expect(api.passkeySignIn.mock.calls).toEqual([[{ credential: { id: 'cred-9', type: 'public-key' } }]]);
    expect(session.token()).toBeTruthy();
    expect(nav.path()).toBe('/landing');
  });

  it('backing out of the dialog is no error', async () => {
    const passkeys = new FakePasskeyBrowser();
    passkeys.answer = 'cancel';
    const { services, api } = fakes({}, passkeys);
    expect(await passkeySignIn(services, null)).toEqual(done);
    expect(api.passkeySignIn).not.toHaveBeenCalled();
  });

  it("a refused passkey shows the API's message under the form; the autofill request stays silent", async () => {
    const refused = () => Promise.reject(apiFailure(400, { message: 'The passkey could not be verified. Try again.' }));
    expect(await passkeySignIn(fakes({ passkeySignIn: refused }).services, null)).toEqual(
      fieldError('The passkey could not be verified. Try again.'),
    );
    expect(await passkeySignIn(fakes({ passkeySignIn: refused }).services, null, { autofill: true })).toEqual(done);
  });

  it('a browser without passkeys is told so, and asks the API nothing', async () => {
    const { services, api } = fakes({}, new FakePasskeyBrowser(false));
    expect(await passkeySignIn(services, null)).toEqual(fieldError(PASSKEY_UNSUPPORTED));
    expect(api.passkeySignInOptions).not.toHaveBeenCalled();
  });
});
