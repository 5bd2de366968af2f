import { getEnvironmentType } from '@core/auth/api/getEnvironmentType';
import { getJamfProviderInfo } from '@core/auth/api/getJamfProviderInfo';
import type { JamfProviderInfo } from '@core/auth/api/providerInfo';
import type { HttpService } from '@core/http/HttpService';

import type { AuthAnswer, CallbackApi, CodeSignInBody, Invite, InviteActivationBody } from './CallbackApi';

const PUBLIC = { authMode: { kind: 'public' }, skipGlobalErrors: true } as const;
const invite = (id: string) => `/um/invite/${encodeURIComponent(id)}`;

/** CallbackApi over the console's HTTP service (the provider look-ups are core's, shared with the sign-in pages). */
export class DefaultCallbackApi implements CallbackApi {
  constructor(private readonly http: HttpService) {}

  async getInvite(inviteId: string): Promise<Invite> {
    return (await this.http.get<Invite>(invite(inviteId), PUBLIC)).data;
  }
  async activateInvite(inviteId: string, body: InviteActivationBody): Promise<AuthAnswer> {
    return (await this.http.post<AuthAnswer>(`${invite(inviteId)}/setOAuth2`, body, PUBLIC)).data;
  }
  async signInWithCode(body: CodeSignInBody): Promise<AuthAnswer> {
    return (await this.http.post<AuthAnswer>('/um/oauth2Login', body, PUBLIC)).data;
  }
  jamfProviderInfo(emailDomain: string): Promise<JamfProviderInfo> {
    return getJamfProviderInfo(this.http, emailDomain);
  }
  environmentType(): Promise<string | null> {
    return getEnvironmentType(this.http);
  }
}
