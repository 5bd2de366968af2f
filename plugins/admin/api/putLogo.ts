import type { HttpService } from '@core/http/HttpService';

/** PUT /um/logo: the raw file; the server checks its bytes (PNG, JPEG or SVG, which it sanitises). */
export async function putLogo(http: HttpService, file: Blob): Promise<{ contentType: string; size: number }> {
  const type = file.type === 'image/png' || file.type === 'image/jpeg' || file.type === 'image/svg+xml' ? file.type : 'application/octet-stream';
  return (await http.put<{ contentType: string; size: number }>('/um/logo', file, { headers: { 'Content-Type': type }, skipGlobalErrors: [403] })).data;
}
