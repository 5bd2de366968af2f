import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';

import { MfaTexts } from './mfaErrors';
import { initialMfaSetupState, mfaSetupReducer, type MfaSetupState, recoveryCallFailed } from './mfaSetupReducer';

const setup = { secret: 'S', otpauthUrl: 'otpauth://x', recoveryCodes: ['1111-2222'] };
const status: MfaSetupState = { phase: { kind: 'status' }, notice: null };
const qr: MfaSetupState = { phase: { kind: 'qr', setup, image: null }, notice: null };

function httpError(status: number): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('failed', 'ERR', config, null, { status, statusText: '', data: {}, headers: {}, config });
}

describe('2FA set-up machine (spec §4 "MFA", "Recovery mode")', () => {
  it('opens on the status, with the expired notice after a restart', () => {
    expect(initialMfaSetupState('')).toEqual(status);
    expect(initialMfaSetupState('?expired=true')).toEqual({ ...status, notice: MfaTexts.expired });
  });

  it('status -> password for the purpose, clearing the notice', () => {
    expect(mfaSetupReducer({ ...status, notice: 'old' }, { type: 'start', purpose: 'disable' })).toEqual({
      phase: { kind: 'password', purpose: 'disable' },
      notice: null,
    });
  });

  it('password -> qr with the secret, then its image, then the recovery codes once verified', () => {
    const created = mfaSetupReducer(
      { phase: { kind: 'password', purpose: 'enable' }, notice: null },
      { type: 'qr-created', setup },
    );
    expect(created).toEqual(qr);
    const image = new Blob(['png']);
    const shown = mfaSetupReducer(created, { type: 'qr-image', image });
    expect(shown.phase).toEqual({ kind: 'qr', setup, image });
    expect(mfaSetupReducer(shown, { type: 'verified' }).phase).toEqual({ kind: 'codes', codes: ['1111-2222'] });
  });

  it('finish returns to the status from any phase, with or without a notice', () => {
    expect(mfaSetupReducer({ phase: { kind: 'codes', codes: ['1'] }, notice: null }, { type: 'finish' })).toEqual(
      status,
    );
    expect(mfaSetupReducer(qr, { type: 'finish', notice: 'boom' })).toEqual({ ...status, notice: 'boom' });
  });

  it('expired returns to the status with the expired notice', () => {
    expect(mfaSetupReducer(qr, { type: 'expired' })).toEqual({ ...status, notice: MfaTexts.expired });
  });

  it('ignores events of another phase', () => {
    const password: MfaSetupState = { phase: { kind: 'password', purpose: 'enable' }, notice: null };
    expect(mfaSetupReducer(password, { type: 'start', purpose: 'disable' })).toBe(password);
    expect(mfaSetupReducer(status, { type: 'verified' })).toBe(status);
    expect(mfaSetupReducer(status, { type: 'qr-image', image: new Blob([]) })).toBe(status);
  });

  it('a recovery-mode 401 restarts; other failures end with the general error', () => {
    expect(recoveryCallFailed(httpError(401))).toEqual({ type: 'expired' });
    expect(recoveryCallFailed(httpError(500))).toEqual({ type: 'finish', notice: MfaTexts.unknownError });
    expect(recoveryCallFailed(new Error('x'))).toEqual({ type: 'finish', notice: MfaTexts.unknownError });
  });
});
