import type { ApiBody, ApiResponse } from '@common/api/apiTypes';
import type { GoogleProviderInfo, JamfProviderInfo } from '@core/auth/api/providerInfo';
import { createServiceToken } from '@core/di/ServiceToken';

/** Spec §3 "Invite": the first allowed login method is the one offered; `expired` once used or past its date. */
export type Invite = ApiResponse<'/um/invite/{token}', 'get'>;
/** Answer of a sign-in: a session, or a second-factor token (`mfaRequired`). */
export type AuthAnswer = ApiResponse<'/um/login', 'post'>;
export type LoginBody = ApiBody<'/um/login', 'post'>;
/** The code-flow body of docs/sign-in-protocol.md: the API exchanges the code with the provider. */
export type ProviderCodeBody = ApiBody<'/um/invite/{token}/setOAuth2', 'post'>;
/** The inviting tenant's Okta application and a nonce bound to the invitation. */
export type OktaInviteClient = ApiResponse<'/um/oauth2LoginProviders/Okta/publicId', 'get'>;

/** The invite page's calls; all public (the invitation is the credential), the page shows its own errors. */
export interface InviteApi {
  /** Rejects for an unknown invitation (404) and for an answer that names no user. */
  getInvite(inviteId: string): Promise<Invite>;
  /** Single use: activates the invited user. */
  setPassword(inviteId: string, newPassword: string): Promise<void>;
  /** The invitation's e-mail and the password just chosen. */
  login(body: LoginBody): Promise<AuthAnswer>;
  /** Single use: activates the invited user with this provider identity and signs in. */
  activateWithProvider(inviteId: string, body: ProviderCodeBody): Promise<AuthAnswer>;
  oktaInviteClient(inviteId: string): Promise<OktaInviteClient>;
  googleProviderInfo(): Promise<GoogleProviderInfo>;
  /** The vendor IdP's client for an e-mail domain; gives up after `timeoutMs`. */
  jamfProviderInfo(emailDomain: string, timeoutMs: number): Promise<JamfProviderInfo>;
  /** null when it cannot be read. */
  environmentType(): Promise<string | null>;
}

/** Provided by plugins/invite/services/inviteServices.ts, loaded with the page. */
export const InviteApiToken = createServiceToken<InviteApi>('invite.api');
