import type { HttpService } from '@core/http/HttpService';

import type { ChangePasswordBody, PasswordRecoveryCheck, ResetPasswordApi } from './ResetPasswordApi';

const PUBLIC = { authMode: { kind: 'public' }, skipGlobalErrors: true } as const;
const recovery = (id: string) => `/um/passwordRecovery/${encodeURIComponent(id)}`;

/** ResetPasswordApi over the console's HTTP service. */
export class DefaultResetPasswordApi implements ResetPasswordApi {
  constructor(private readonly http: HttpService) {}

  async checkLink(resetPasswordId: string): Promise<PasswordRecoveryCheck> {
    const response = await this.http.get<Partial<PasswordRecoveryCheck> | undefined>(recovery(resetPasswordId), PUBLIC);
    return { otp: response.data?.otp === true };
  }

  async changePassword(resetPasswordId: string, body: ChangePasswordBody): Promise<void> {
    await this.http.post(`${recovery(resetPasswordId)}/changePassword`, body, PUBLIC);
  }
}
