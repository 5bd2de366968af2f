import type { HttpService } from '@core/http/HttpService';
import type { OktaVerifyAnswer } from './types';

/** POST /um/oauth2config/okta/verify: does the issuer publish an OpenID configuration? */
export async function postOktaVerify(http: HttpService, clientIssuer: string): Promise<OktaVerifyAnswer> {
  return (await http.post<OktaVerifyAnswer>('/um/oauth2config/okta/verify', { clientIssuer }, { skipGlobalErrors: [403] })).data;
}
