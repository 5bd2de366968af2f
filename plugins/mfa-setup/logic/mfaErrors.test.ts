import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { describe, expect, it } from 'vitest';

import {
  isRecoveryExpired,
  passwordErrorText,
  recoveryCodesText,
  validateSixDigits,
  verifyErrorText,
} from './mfaErrors';

function httpError(status: number, message?: string): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response = { status, data: message ? { message } : {}, headers: {}, config, statusText: '' } as AxiosResponse;
  return new AxiosError('fail', 'ERR', config, null, response);
}

describe('MFA set-up errors', () => {
  it('recovery-mode 401 restarts the flow', () => {
    expect(isRecoveryExpired(httpError(401))).toBe(true);
    expect(isRecoveryExpired(httpError(400))).toBe(false);
  });
  it('verifyQr texts', () => {
    expect(verifyErrorText(httpError(400, 'Wrong TOTP code'))).toBe('Invalid six digit code.');
    expect(verifyErrorText(httpError(400, 'Something else'))).toBe('Something else');
    expect(verifyErrorText(httpError(500))).toBe('The application has encountered an unknown error');
  });
  it('password texts', () => {
    expect(passwordErrorText(httpError(401))).toBe('The password you entered is incorrect.');
    expect(passwordErrorText(httpError(403, 'Wrong password'))).toBe('Wrong password');
    expect(passwordErrorText(new Error('x'))).toBe('The application has encountered an unknown error');
  });
  it('six-digit validation and the .txt', () => {
    expect(validateSixDigits('')).toBe('Authentication code is required');
    expect(validateSixDigits('12')).toBe('Invalid six digit code.');
    expect(validateSixDigits('123456')).toBeUndefined();
    expect(recoveryCodesText(['1111-2222', '3333-4444'], 'bob')).toBe(
      'Recovery codes for bob\nEach code works once. Keep them somewhere safe.\n\n1111-2222\n3333-4444\n',
    );
  });
});
