import { decodeClaims } from '@core/session/decodeClaims';
import type { AuthResult } from '@core/session/SessionService';
import { StorageKeys } from '@core/storage/StorageService';
import type { OAuthProviderMarker } from '@core/auth/oauthState';
import { getEnvironmentType } from '@core/auth/api/getEnvironmentType';
import { resolvePostLoginRedirect } from '../logic/resolvePostLoginRedirect';
import type { LoginServices } from './LoginServices';

/**
 * The end of every successful sign-in (spec §4): store token and profile, remember the
 * provider, fetch and store the environment type, then go where the redirect rules say.
 */
export async function completeSignIn(
  { http, session, storage, nav }: LoginServices,
  result: AuthResult,
  returnUrl: string | null | undefined,
  provider?: OAuthProviderMarker,
): Promise<string> {
  session.signIn(result);
  if (provider) storage.set(StorageKeys.oauthProvider, provider);
  const envType = await getEnvironmentType(http);
  if (envType) storage.set(StorageKeys.envType, envType);
  const target = resolvePostLoginRedirect({ perms: decodeClaims(result.token)?.perms ?? [], envType, returnUrl });
  nav.navigate(target, { replace: true });
  return target;
}
