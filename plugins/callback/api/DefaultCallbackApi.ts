import type { ApiClient } from '@core/api/ApiClient';
import { getEnvironmentType } from '@core/auth/api/getEnvironmentType';
import { getJamfProviderInfo } from '@core/auth/api/getJamfProviderInfo';
import type { JamfProviderInfo } from '@core/auth/api/providerInfo';

import type { AuthAnswer, CallbackApi, CodeSignInBody, Invite, InviteActivationBody } from './CallbackApi';

const PUBLIC = { authMode: { kind: 'public' }, skipGlobalErrors: true } as const;

/** CallbackApi over the console's typed API client (the provider look-ups are core's, shared with the sign-in pages). */
export class DefaultCallbackApi implements CallbackApi {
  constructor(private readonly api: ApiClient) {}

  getInvite(inviteId: string): Promise<Invite> {
    return this.api.get('/um/invite/{token}', { path: { token: inviteId }, ...PUBLIC });
  }
  activateInvite(inviteId: string, body: InviteActivationBody): Promise<AuthAnswer> {
    return this.api.post('/um/invite/{token}/setOAuth2', { path: { token: inviteId }, body, ...PUBLIC });
  }
  signInWithCode(body: CodeSignInBody): Promise<AuthAnswer> {
    return this.api.post('/um/oauth2Login', { body, ...PUBLIC });
  }
  jamfProviderInfo(emailDomain: string): Promise<JamfProviderInfo> {
    return getJamfProviderInfo(this.api, emailDomain);
  }
  environmentType(): Promise<string | null> {
    return getEnvironmentType(this.api);
  }
}
