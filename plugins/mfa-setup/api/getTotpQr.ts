import type { HttpService } from '@core/http/HttpService';

/** GET /um/mfa/totp/qr (recovery token): the QR code as a PNG blob. */
export async function getTotpQr(http: HttpService): Promise<Blob> {
  const response = await http.get<Blob>('/um/mfa/totp/qr', { authMode: { kind: 'recovery' }, responseType: 'blob', skipGlobalErrors: true });
  return response.data;
}
