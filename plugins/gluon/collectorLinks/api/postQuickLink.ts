import type { HttpService } from '@core/http/HttpService';

/** POST /gluon-backend/extractors/quickLink: a one-OS link (signed, 7 days) that skips the details form. */
export async function postQuickLink(http: HttpService, os: 'WIN' | 'MAC'): Promise<string> {
  return (await http.post<{ url: string }>('/gluon-backend/extractors/quickLink', { os }, { skipGlobalErrors: [403] })).data.url;
}
