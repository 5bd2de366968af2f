import type { ApiClient } from '@core/api/ApiClient';

import {
  type ContactProduct,
  type ContactRequest,
  MAX_QUERY_URL_BYTES,
  type PasswordChange,
  type ShellApi,
} from './ShellApi';

/** Refusals the Contact Us modal shows itself (the product's permission), not the global screen. */
const CONTACT_REFUSALS = [403];

/** ShellApi over the console's typed API client. */
export class DefaultShellApi implements ShellApi {
  constructor(private readonly api: ApiClient) {}

  async changePassword(change: PasswordChange): Promise<void> {
    await this.api.post('/um/password', { body: change });
  }

  /** POST /{product}-backend/userRequests/{requestType}?subject&message&rating&relatedPageUrl, or the same fields as a body when that address would be too long. */
  async sendContactRequest(product: ContactProduct, { requestType, ...fields }: ContactRequest): Promise<void> {
    const route = `/${product}-backend/userRequests/{requestType}` as const;
    const path = { requestType };
    // The address the query form would send, measured as the proxy reads it (URL-encoded bytes).
    const url = `${route.replace('{requestType}', requestType)}?${new URLSearchParams({
      subject: fields.subject,
      message: fields.message,
      rating: String(fields.rating),
      relatedPageUrl: fields.relatedPageUrl,
    }).toString()}`;
    if (new TextEncoder().encode(url).length <= MAX_QUERY_URL_BYTES)
      await this.api.post(route, { path, query: fields, body: null, skipGlobalErrors: CONTACT_REFUSALS });
    else await this.api.post(route, { path, body: fields, skipGlobalErrors: CONTACT_REFUSALS });
  }
}
