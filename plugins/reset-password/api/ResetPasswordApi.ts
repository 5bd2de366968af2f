import type { ApiBody, ApiResponse } from '@common/api/apiTypes';
import { createServiceToken } from '@core/di/ServiceToken';

/** Answer of the link check: whether the change needs a second factor. */
export type PasswordRecoveryCheck = ApiResponse<'/um/passwordRecovery/{id}', 'get'>;
/** Spec §7: otp, otpRecoveryCode, password (a code the user did not type is sent as null). */
export type ChangePasswordBody = Required<
  Pick<ApiBody<'/um/passwordRecovery/{id}/changePassword', 'post'>, 'otp' | 'otpRecoveryCode' | 'password'>
>;

/** The reset page's calls; public (the mailed link is the credential), the page shows its errors. */
export interface ResetPasswordApi {
  /** Rejects with 404 for an unknown link, 410 for one used or expired. */
  checkLink(resetPasswordId: string): Promise<PasswordRecoveryCheck>;
  /** Single use. */
  changePassword(resetPasswordId: string, body: ChangePasswordBody): Promise<void>;
}

/** Provided by plugins/reset-password/services/resetPasswordServices.ts, loaded with the page. */
export const ResetPasswordApiToken = createServiceToken<ResetPasswordApi>('reset-password.api');
