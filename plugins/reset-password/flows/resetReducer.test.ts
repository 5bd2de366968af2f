import { describe, expect, it } from 'vitest';

import { initialResetState, resetReducer, type ResetState } from './resetReducer';

const form = (patch: Partial<Extract<ResetState, { phase: 'form' }>> = {}): ResetState => ({
  phase: 'form',
  otp: true,
  step: 'resetPassword',
  password: null,
  submitting: false,
  error: null,
  ...patch,
});

describe('resetReducer', () => {
  it('validating -> form at resetPassword, or expired with the server message', () => {
    expect(resetReducer(initialResetState, { type: 'validated', otp: true })).toEqual(form());
    expect(
      resetReducer(initialResetState, { type: 'validationFailed', failure: { status: 410, message: 'gone' } }),
    ).toEqual({ phase: 'expired', message: 'gone' });
  });

  it('with otp the password only moves on; without otp it starts the submit', () => {
    expect(resetReducer(form(), { type: 'passwordEntered', password: 'p' })).toEqual(
      form({ step: 'twoFactor', password: 'p' }),
    );
    expect(resetReducer(form({ otp: false }), { type: 'passwordEntered', password: 'p' })).toEqual(
      form({ otp: false, password: 'p', submitting: true }),
    );
  });

  it('switches between the code steps, never back to the password by a link', () => {
    const code = form({ step: 'twoFactor', password: 'p' });
    expect(resetReducer(code, { type: 'switchStep', step: 'recoveryCode' })).toEqual(
      form({ step: 'recoveryCode', password: 'p' }),
    );
    expect(resetReducer(form(), { type: 'switchStep', step: 'recoveryCode' })).toEqual(form());
  });

  it('a code submit needs the password collected before', () => {
    expect(resetReducer(form({ step: 'twoFactor', password: null }), { type: 'codeSubmitted' })).toEqual(
      form({ step: 'twoFactor' }),
    );
    expect(resetReducer(form({ step: 'twoFactor', password: 'p' }), { type: 'codeSubmitted' })).toEqual(
      form({ step: 'twoFactor', password: 'p', submitting: true }),
    );
  });

  it('maps failures: 404/410 expired, code rejections stay, password refusals go back', () => {
    const submitting = form({ step: 'recoveryCode', password: 'p', submitting: true });
    expect(resetReducer(submitting, { type: 'failed', failure: { status: 410, message: 'expired' } })).toEqual({
      phase: 'expired',
      message: 'expired',
    });
    expect(
      resetReducer(submitting, { type: 'failed', failure: { status: 400, message: 'Wrong TOTP recovery code' } }),
    ).toEqual(form({ step: 'recoveryCode', password: 'p', error: 'Wrong TOTP recovery code' }));
    expect(
      resetReducer(submitting, {
        type: 'failed',
        failure: { status: 400, message: 'The password must have at least 8 characters' },
      }),
    ).toEqual(form({ error: 'The password must have at least 8 characters' }));
    expect(
      resetReducer(submitting, { type: 'failed', failure: { status: 429, message: 'Too many attempts' } }),
    ).toEqual(form({ step: 'recoveryCode', password: 'p', error: 'Too many attempts' }));
    expect(resetReducer(submitting, { type: 'failed', failure: { status: 0, message: null } })).toEqual(
      form({ step: 'recoveryCode', password: 'p', error: 'The application has encountered an unknown error' }),
    );
  });
});
