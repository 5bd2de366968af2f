import { getEnvironmentType } from '@core/auth/api/getEnvironmentType';
import { getGoogleProviderInfo } from '@core/auth/api/getGoogleProviderInfo';
import { getJamfProviderInfo } from '@core/auth/api/getJamfProviderInfo';
import type { GoogleProviderInfo, JamfProviderInfo } from '@core/auth/api/providerInfo';
import type { HttpService } from '@core/http/HttpService';

import type { AuthAnswer, Invite, InviteApi, LoginBody, OktaInviteClient, ProviderCodeBody } from './InviteApi';

const PUBLIC = { authMode: { kind: 'public' }, skipGlobalErrors: true } as const;
const invite = (id: string) => `/um/invite/${encodeURIComponent(id)}`;

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

/** InviteApi over the console's HTTP service (the provider look-ups are core's, shared with the sign-in pages). */
export class DefaultInviteApi implements InviteApi {
  constructor(private readonly http: HttpService) {}

  async getInvite(inviteId: string): Promise<Invite> {
    return readInvite((await this.http.get<Partial<Invite> | undefined>(invite(inviteId), PUBLIC)).data);
  }
  async setPassword(inviteId: string, newPassword: string): Promise<void> {
    await this.http.post(`${invite(inviteId)}/setPassword`, { newPassword }, PUBLIC);
  }
  async login(body: LoginBody): Promise<AuthAnswer> {
    return (await this.http.post<AuthAnswer>('/um/login', body, PUBLIC)).data;
  }
  async activateWithProvider(inviteId: string, body: ProviderCodeBody): Promise<AuthAnswer> {
    return (await this.http.post<AuthAnswer>(`${invite(inviteId)}/setOAuth2`, body, PUBLIC)).data;
  }
  async oktaInviteClient(inviteId: string): Promise<OktaInviteClient> {
    return (
      await this.http.get<OktaInviteClient>('/um/oauth2LoginProviders/Okta/publicId', {
        params: { invitationId: inviteId },
        ...PUBLIC,
      })
    ).data;
  }
  googleProviderInfo(): Promise<GoogleProviderInfo> {
    return getGoogleProviderInfo(this.http);
  }
  jamfProviderInfo(emailDomain: string, timeoutMs: number): Promise<JamfProviderInfo> {
    return getJamfProviderInfo(this.http, emailDomain, timeoutMs);
  }
  environmentType(): Promise<string | null> {
    return getEnvironmentType(this.http);
  }
}
