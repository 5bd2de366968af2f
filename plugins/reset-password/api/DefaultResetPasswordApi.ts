import type { ApiClient } from '@core/api/ApiClient';

import type { ChangePasswordBody, PasswordRecoveryCheck, ResetPasswordApi } from './ResetPasswordApi';

const PUBLIC = { authMode: { kind: 'public' }, skipGlobalErrors: true } as const;

/** ResetPasswordApi over the console's typed API client. */
export class DefaultResetPasswordApi implements ResetPasswordApi {
  constructor(private readonly api: ApiClient) {}

  async checkLink(resetPasswordId: string): Promise<PasswordRecoveryCheck> {
    // Only a declared `otp: true` asks for a code: an answer without it (an older API) resets with the password alone.
    const answer: { otp?: unknown } | null = await this.api.get('/um/passwordRecovery/{id}', {
      path: { id: resetPasswordId },
      ...PUBLIC,
    });
    return { otp: answer?.otp === true };
  }

  async changePassword(resetPasswordId: string, body: ChangePasswordBody): Promise<void> {
    await this.api.post('/um/passwordRecovery/{id}/changePassword', { path: { id: resetPasswordId }, body, ...PUBLIC });
  }
}
