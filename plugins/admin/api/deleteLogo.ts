import type { HttpService } from '@core/http/HttpService';

/** DELETE /um/logo: back to the product mark. */
export async function deleteLogo(http: HttpService): Promise<void> {
  await http.delete('/um/logo', { skipGlobalErrors: [403, 404] });
}
