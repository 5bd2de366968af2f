import type { ApiBody, ApiResponse } from '@common/api/apiTypes';
import type { JamfProviderInfo } from '@core/auth/api/providerInfo';
import { createServiceToken } from '@core/di/ServiceToken';

/** Answer of a sign-in: a session, or a second-factor token (`mfaRequired`). */
export type AuthAnswer = ApiResponse<'/um/oauth2Login', 'post'>;
/** The invitation fields the callback needs (spec §3 "Invite"). */
export type Invite = ApiResponse<'/um/invite/{token}', 'get'>;
/** The code-exchange body of oauth-protocol: the API exchanges the code with the vendor IdP. */
export type CodeSignInBody = ApiBody<'/um/oauth2Login', 'post'>;
export type InviteActivationBody = ApiBody<'/um/invite/{token}/setOAuth2', 'post'>;

/** The callback page's calls (vendor IdP answers); all public, the page shows its own errors. */
export interface CallbackApi {
  getInvite(inviteId: string): Promise<Invite>;
  /** Activates the invited user with this provider identity. */
  activateInvite(inviteId: string, body: InviteActivationBody): Promise<AuthAnswer>;
  /** Signs in with the code (the API exchanges it). */
  signInWithCode(body: CodeSignInBody): Promise<AuthAnswer>;
  /** The vendor IdP's client for an e-mail domain (404 for an unknown one); no time limit here. */
  jamfProviderInfo(emailDomain: string): Promise<JamfProviderInfo>;
  /** The environment type for the redirect rules; null when it cannot be read. */
  environmentType(): Promise<string | null>;
}

/** Provided by plugins/callback/services/callbackServices.ts, loaded with the page. */
export const CallbackApiToken = createServiceToken<CallbackApi>('callback.api');
