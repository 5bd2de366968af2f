import type { HttpService } from '@core/http/HttpService';

/** Answer of the link check: whether the change needs a second factor. */
export interface PasswordRecoveryCheck {
  otp: boolean;
}

/** GET /um/passwordRecovery/{id} (public): 404 unknown, 410 used or expired. */
export async function getPasswordRecovery(http: HttpService, resetPasswordId: string): Promise<PasswordRecoveryCheck> {
  const response = await http.get<PasswordRecoveryCheck>(`/um/passwordRecovery/${encodeURIComponent(resetPasswordId)}`, {
    authMode: { kind: 'public' },
    skipGlobalErrors: true,
  });
  return { otp: response.data?.otp === true };
}
