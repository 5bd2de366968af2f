import type { ApiBody, ApiParams, ApiPath, ApiQuery } from '@common/api/apiTypes';
import { createServiceToken } from '@core/di/ServiceToken';

/** The products that take Contact Us requests: those whose API serves `/{product}-backend/userRequests/…`. */
export type ContactProduct = {
  [P in ApiPath]: P extends `/${infer Product}-backend/userRequests/{requestType}` ? Product : never;
}[ApiPath];
export type RequestType = ApiParams<'/gluon-backend/userRequests/{requestType}', 'post'>['requestType'];
/** One Contact Us request: its type and every field (the schema makes them optional, as either query or body carries them). */
export type ContactRequest = { requestType: RequestType } & Required<
  ApiQuery<'/gluon-backend/userRequests/{requestType}', 'post'>
>;
export type PasswordChange = ApiBody<'/um/password', 'post'>;

/**
 * Longest address sent in the spec's query form. Above it (a long message) the same fields go
 * as a JSON body: proxies commonly refuse request lines over 8 KiB (nginx's default answers 414),
 * and the API takes either form (server/ARCHITECTURE.md, Contact Us).
 */
export const MAX_QUERY_URL_BYTES = 8 * 1024;

/** The signed-in shell's own calls (the profile menu's sections). */
export interface ShellApi {
  /**
   * The API checks the old password, sets the new one and ends every other session of the
   * user; this one (its token) goes on, so nothing is stored again here.
   */
  changePassword(change: PasswordChange): Promise<void>;
  /** Contact Us to the product the user is in (spec §7); a 403 is the modal's to show. */
  sendContactRequest(product: ContactProduct, request: ContactRequest): Promise<void>;
}

/** Provided by plugins/shell/services/shellServices.ts, loaded with the shell's header pieces. */
export const ShellApiToken = createServiceToken<ShellApi>('shell.api');
