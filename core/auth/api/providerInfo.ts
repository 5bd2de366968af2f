import type { ApiResponse } from '@common/api/apiTypes';

/** Answers of the identity-provider look-ups (docs/sign-in-protocol.md), shared by the sign-in,
 *  callback and two-factor set-up plugins; named from the generated API document. */
export type GoogleProviderInfo = ApiResponse<'/um/oauth2LoginProviders/Google/publicId', 'get'>;

export type OktaDetails = ApiResponse<'/um/oauth2config/okta/details', 'get'>;

export type JamfProviderInfo = ApiResponse<'/um/oauth2LoginProviders/JamfAuth0/info', 'get'>;
