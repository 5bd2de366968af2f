import { Spinner } from '@blueprintjs/core';
import { Suspense } from 'react';

import { CaptchaNotice } from '@core/captcha/CaptchaNotice';
import type { PageProps } from '@core/plugin/PluginManifest';
import { usePageTitle } from '@core/ui/usePageTitle';

import { ErrorCallout } from '../components/ErrorCallout/ErrorCallout';
import { LoginForm } from '../components/LoginForm/LoginForm';
import { LoginLayout } from '../components/LoginLayout/LoginLayout';
import { SsoWaiting } from '../components/SsoWaiting/SsoWaiting';
import { type LoginFlow, useLoginFlow } from '../hooks/useLoginFlow';
import { JamfLogin, LostPasswordForm, OktaIssuerForm, RecoveryCodeForm, TwoAuthForm } from '../logic/lazySteps';
import { STEP_TITLES } from '../logic/stepTitles';

/** The plugin's services, loaded with this page (plugins/login/index.ts). */
export { loginServices } from '../services/loginServices';

/** The body of the card for the current step. */
function StepBody({ flow }: { flow: LoginFlow }) {
  const toLogin = () => flow.go({ type: 'back-to-login' });
  switch (flow.step) {
    case 'login':
      return (
        <LoginForm
          initialUsername={flow.username}
          passwordRecoveryEnabled={flow.recoveryEnabled}
          initialError={flow.notice}
          onSubmit={flow.signIn}
          onForgotPassword={() => flow.go({ type: 'open', step: 'lost-password' })}
          onJamf={flow.jamf}
          onGoogle={flow.google}
          onPasskey={flow.passkeysSupported ? flow.passkey : undefined}
          onOkta={() => flow.go({ type: 'open', step: 'okta-client-issuer' })}
        />
      );
    case 'two-auth':
      return (
        <TwoAuthForm
          onSubmit={flow.verifyCode}
          onUseRecoveryCode={() => flow.go({ type: 'use-recovery-code' })}
          onReturn={toLogin}
          onUsePasskey={flow.secondFactorPasskey}
          codeAccepted={flow.secondFactorCode}
        />
      );
    case 'recovery-code':
      return (
        <RecoveryCodeForm
          onSubmit={flow.verifyRecoveryCode}
          onUseCode={() => flow.go({ type: 'use-code' })}
          onReturn={toLogin}
        />
      );
    case 'lost-password':
      return <LostPasswordForm onSubmit={flow.lostPassword} onReturn={toLogin} />;
    case 'okta-client-issuer':
      return (
        <OktaIssuerForm
          initialDomain={flow.query.okta && flow.query.okta !== 'true' ? flow.query.okta : ''}
          onSubmit={flow.okta}
          onReturn={toLogin}
        />
      );
    case 'okta-waiting':
      return (
        <SsoWaiting
          provider={flow.query.googleRedirect ? 'Google' : 'Okta'}
          domain={flow.query.googleRedirect ? null : flow.waitingDomain}
          onReturn={toLogin}
        />
      );
    case 'jamf':
      return (
        <JamfLogin
          onLogin={flow.jamfScreen}
          onRegularFlow={(email) => flow.go({ type: 'regular-flow', username: email })}
        />
      );
  }
}

/** The /login page: one card whose body is the current step (spec §2, §4); useLoginFlow holds the logic. */
export default function LoginPage(_props: PageProps) {
  const flow = useLoginFlow();
  // One tab title for every step: the card's heading says which step it is.
  usePageTitle('Sign in');
  return (
    <LoginLayout title={STEP_TITLES[flow.step]}>
      {flow.step !== 'login' && <ErrorCallout {...flow.notice} />}
      <Suspense fallback={<Spinner size={24} aria-label="Loading" />}>
        <StepBody flow={flow} />
      </Suspense>
      <CaptchaNotice />
    </LoginLayout>
  );
}
