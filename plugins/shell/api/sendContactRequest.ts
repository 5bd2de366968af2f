import type { HttpService } from '@core/http/HttpService';

export type ContactProduct = 'gluon' | 'neutrino' | 'electron';
export type RequestType = 'contactSupport' | 'featureRequest' | 'sendFeedback' | 'reportABug';

export interface ContactRequest {
  requestType: RequestType;
  subject: string;
  message: string;
  /** 0-5; 0 unless feedback (spec §3). */
  rating: number;
  relatedPageUrl: string;
}

/**
 * Longest address sent in the spec's query form. Above it (a long message) the same fields go
 * as a JSON body: proxies commonly refuse request lines over 8 KiB (nginx's default answers 414),
 * and the API takes either form (server/ARCHITECTURE.md, Contact Us).
 */
export const MAX_QUERY_URL_BYTES = 8 * 1024;

/** POST /{product}-backend/userRequests/{requestType}?subject&message&rating&relatedPageUrl (spec §7). */
export async function sendContactRequest(http: HttpService, product: ContactProduct, request: ContactRequest): Promise<void> {
  const path = `/${product}-backend/userRequests/${request.requestType}`;
  const fields = { subject: request.subject, message: request.message, rating: String(request.rating), relatedPageUrl: request.relatedPageUrl };
  const query = new URLSearchParams(fields).toString();
  const url = `${path}?${query}`;
  if (new TextEncoder().encode(url).length <= MAX_QUERY_URL_BYTES) {
    await http.post(url, undefined, { skipGlobalErrors: [403] });
    return;
  }
  await http.post(path, { ...fields, rating: request.rating }, { skipGlobalErrors: [403] });
}
