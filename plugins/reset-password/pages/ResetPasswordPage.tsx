import './ResetPasswordPage.css';

import { Callout, Classes, H1, Intent } from '@blueprintjs/core';
import { useMemo } from 'react';

import { NavigationServiceToken } from '@core/navigation/NavigationService';
import type { PageProps } from '@core/plugin/PluginManifest';
import { useService } from '@core/react';
import { ToastServiceToken } from '@core/toasts/ToastService';
import { PublicPage } from '@core/ui/PublicPage/PublicPage';

import { ResetPasswordApiToken } from '../api/ResetPasswordApi';
import { CodeForm } from '../components/CodeForm/CodeForm';
import { ExpiredView } from '../components/ExpiredView/ExpiredView';
import { NewPasswordForm } from '../components/NewPasswordForm/NewPasswordForm';
import { ValidatingView } from '../components/ValidatingView/ValidatingView';
import type { ResetStep } from '../flows/resetReducer';
import { useResetPassword } from '../flows/useResetPassword';
import { ResetTexts } from '../logic/texts';

const STEP_TITLES: Record<ResetStep, string> = {
  resetPassword: ResetTexts.title,
  twoFactor: 'Two-factor authentication',
  recoveryCode: ResetTexts.recoveryCode,
};

/** `/resetPassword/{password_recovery_id}` (spec §2, §4 "Reset flow"). */
export default function ResetPasswordPage({ params }: PageProps) {
  const api = useService(ResetPasswordApiToken);
  const nav = useService(NavigationServiceToken);
  const toasts = useService(ToastServiceToken);
  const services = useMemo(() => ({ api, nav, toasts }), [api, nav, toasts]);
  const { state, submitPassword, submitCode, submitRecoveryCode, switchStep } = useResetPassword(
    services,
    params.password_recovery_id ?? '',
  );

  // The first state (and the moment after success): the view the document also carries.
  if (state.phase === 'validating' || state.phase === 'done') return <ValidatingView />;
  let title: string = ResetTexts.title;
  let body;
  switch (state.phase) {
    case 'expired':
      body = <ExpiredView message={state.message} onTryAgain={() => nav.navigate('/login')} />;
      break;
    case 'form':
      title = STEP_TITLES[state.step];
      body = (
        <>
          {state.error ? (
            <Callout intent={Intent.DANGER} role="alert" className="reset-callout">
              {state.error}
            </Callout>
          ) : null}
          {state.step === 'resetPassword' ? (
            <NewPasswordForm onSubmit={submitPassword} submitting={state.submitting} />
          ) : (
            <CodeForm
              kind={state.step}
              submitting={state.submitting}
              onSubmit={state.step === 'twoFactor' ? submitCode : submitRecoveryCode}
              onSwitch={() => switchStep(state.step === 'twoFactor' ? 'recoveryCode' : 'twoFactor')}
            />
          )}
          {/* A way out for someone who remembered the password after all (the sign-in step's words). */}
          {/* A plain link and the page's navigation: AppLink would join the public pages' shared chunk. */}
          <p className="reset-return">
            <a
              href="/login"
              onClick={(event) => {
                event.preventDefault();
                nav.navigate('/login');
              }}
            >
              Return to login screen
            </a>
          </p>
        </>
      );
      break;
  }

  return (
    <PublicPage width={400}>
      {state.phase === 'expired' ? null : <H1 className={`reset-title ${Classes.HEADING}`}>{title}</H1>}
      {body}
    </PublicPage>
  );
}
