import type { HttpService } from '@core/http/HttpService';

/** Spec §7: otp, otpRecoveryCode, password (a code the user did not type is sent as null). */
export interface ChangePasswordBody {
  otp: string | null;
  otpRecoveryCode: string | null;
  password: string;
}

/** POST /um/passwordRecovery/{id}/changePassword (public, single use). */
export async function postChangePassword(http: HttpService, resetPasswordId: string, body: ChangePasswordBody): Promise<void> {
  await http.post(`/um/passwordRecovery/${encodeURIComponent(resetPasswordId)}/changePassword`, body, {
    authMode: { kind: 'public' },
    skipGlobalErrors: true,
  });
}
