import { useEffect, useReducer, useRef } from 'react';

import { callFailure } from '@core/http/callFailure';
import type { NavigationService } from '@core/navigation/NavigationService';
import { TOAST_TIMEOUT_MS, type ToastService } from '@core/toasts/ToastService';

import type { ChangePasswordBody, ResetPasswordApi } from '../api/ResetPasswordApi';
import { ResetTexts } from '../logic/texts';
import { normalizeRecoveryCode } from '../logic/validators';
import { initialResetState, resetReducer, type ResetState } from './resetReducer';

export interface ResetServices {
  api: ResetPasswordApi;
  nav: NavigationService;
  toasts: ToastService;
}

export interface ResetPasswordFlow {
  state: ResetState;
  submitPassword(password: string): Promise<void>;
  submitCode(code: string): Promise<void>;
  submitRecoveryCode(code: string): Promise<void>;
  switchStep(step: 'twoFactor' | 'recoveryCode'): void;
}

/** Validates the link once, then runs the steps of spec §4 "Reset flow". */
export function useResetPassword({ api, nav, toasts }: ResetServices, resetPasswordId: string): ResetPasswordFlow {
  const [state, dispatch] = useReducer(resetReducer, initialResetState);
  // The reducer's state as of the last render, for the async submitters.
  const current = useRef(state);
  current.current = state;

  useEffect(() => {
    let active = true;
    api.checkLink(resetPasswordId).then(
      ({ otp }) => active && dispatch({ type: 'validated', otp }),
      (error: unknown) => active && dispatch({ type: 'validationFailed', failure: callFailure(error) }),
    );
    return () => {
      active = false;
    };
  }, [api, resetPasswordId]);

  const change = async (body: ChangePasswordBody) => {
    try {
      await api.changePassword(resetPasswordId, body);
      dispatch({ type: 'succeeded' });
      toasts.show({
        intent: 'success',
        title: ResetTexts.toastTitle,
        message: ResetTexts.toastMessage,
        timeout: TOAST_TIMEOUT_MS,
      });
      nav.navigate('/login', { replace: true });
    } catch (error) {
      dispatch({ type: 'failed', failure: callFailure(error) });
    }
  };

  const submitPassword = async (password: string) => {
    const state = current.current;
    if (state.phase !== 'form' || state.step !== 'resetPassword' || state.submitting) return;
    dispatch({ type: 'passwordEntered', password });
    if (!state.otp) await change({ otp: null, otpRecoveryCode: null, password });
  };

  const submitWith = async (body: (password: string) => ChangePasswordBody) => {
    const state = current.current;
    if (state.phase !== 'form' || state.step === 'resetPassword' || state.submitting || state.password === null) return;
    dispatch({ type: 'codeSubmitted' });
    await change(body(state.password));
  };

  return {
    state,
    submitPassword,
    submitCode: (code) => submitWith((password) => ({ otp: code, otpRecoveryCode: null, password })),
    submitRecoveryCode: (code) =>
      submitWith((password) => ({ otp: null, otpRecoveryCode: normalizeRecoveryCode(code), password })),
    switchStep: (step) => dispatch({ type: 'switchStep', step }),
  };
}
