import type { ApiClient } from '@core/api/ApiClient';
import { getEnvironmentType } from '@core/auth/api/getEnvironmentType';
import { getGoogleProviderInfo } from '@core/auth/api/getGoogleProviderInfo';
import { getJamfProviderInfo } from '@core/auth/api/getJamfProviderInfo';
import type { GoogleProviderInfo, JamfProviderInfo } from '@core/auth/api/providerInfo';

import type { AuthAnswer, Invite, InviteApi, LoginBody, OktaInviteClient, ProviderCodeBody } from './InviteApi';

const PUBLIC = { authMode: { kind: 'public' }, skipGlobalErrors: true } as const;

/** The invitation as the page uses it: a user is required, the rest defaults (an older API may leave fields out). */
function readInvite(data: Partial<Invite> | undefined): Invite {
  if (typeof data?.username !== 'string' || !data.username) throw new Error('The invitation answer names no user');
  return {
    username: data.username,
    expired: data.expired === true,
    accepted: data.accepted === true,
    allowedLoginMethods: Array.isArray(data.allowedLoginMethods)
      ? data.allowedLoginMethods.filter((m): m is string => typeof m === 'string')
      : [],
  };
}

/** InviteApi over the console's typed API client (the provider look-ups are core's, shared with the sign-in pages). */
export class DefaultInviteApi implements InviteApi {
  constructor(private readonly api: ApiClient) {}

  async getInvite(inviteId: string): Promise<Invite> {
    return readInvite(await this.api.get('/um/invite/{token}', { path: { token: inviteId }, ...PUBLIC }));
  }
  async setPassword(inviteId: string, newPassword: string): Promise<void> {
    await this.api.post('/um/invite/{token}/setPassword', {
      path: { token: inviteId },
      body: { newPassword },
      ...PUBLIC,
    });
  }
  login(body: LoginBody): Promise<AuthAnswer> {
    return this.api.post('/um/login', { body, ...PUBLIC });
  }
  activateWithProvider(inviteId: string, body: ProviderCodeBody): Promise<AuthAnswer> {
    return this.api.post('/um/invite/{token}/setOAuth2', { path: { token: inviteId }, body, ...PUBLIC });
  }
  oktaInviteClient(inviteId: string): Promise<OktaInviteClient> {
    return this.api.get('/um/oauth2LoginProviders/Okta/publicId', { query: { invitationId: inviteId }, ...PUBLIC });
  }
  googleProviderInfo(): Promise<GoogleProviderInfo> {
    return getGoogleProviderInfo(this.api);
  }
  jamfProviderInfo(emailDomain: string, timeoutMs: number): Promise<JamfProviderInfo> {
    return getJamfProviderInfo(this.api, emailDomain, timeoutMs);
  }
  environmentType(): Promise<string | null> {
    return getEnvironmentType(this.api);
  }
}
