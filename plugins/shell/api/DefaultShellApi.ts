import type { HttpService } from '@core/http/HttpService';

import {
  type ContactProduct,
  type ContactRequest,
  MAX_QUERY_URL_BYTES,
  type PasswordChange,
  type ShellApi,
} from './ShellApi';

/** ShellApi over the console's HTTP service. */
export class DefaultShellApi implements ShellApi {
  constructor(private readonly http: HttpService) {}

  async changePassword(change: PasswordChange): Promise<void> {
    await this.http.post('/um/password', change);
  }

  /** POST /{product}-backend/userRequests/{requestType}?subject&message&rating&relatedPageUrl, or the same fields as a body when that address would be too long. */
  async sendContactRequest(product: ContactProduct, { requestType, ...request }: ContactRequest): Promise<void> {
    const path = `/${product}-backend/userRequests/${requestType}`;
    const fields = {
      subject: request.subject,
      message: request.message,
      rating: String(request.rating),
      relatedPageUrl: request.relatedPageUrl,
    };
    const url = `${path}?${new URLSearchParams(fields).toString()}`;
    if (new TextEncoder().encode(url).length <= MAX_QUERY_URL_BYTES)
      await this.http.post(url, undefined, { skipGlobalErrors: [403] });
    else await this.http.post(path, { ...fields, rating: request.rating }, { skipGlobalErrors: [403] });
  }
}
