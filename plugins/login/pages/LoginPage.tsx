import { Card, Classes, Elevation, H1, Spinner } from '@blueprintjs/core';
import { CaptchaNotice } from '@core/captcha/CaptchaNotice';
import type { PageProps } from '@core/plugin/PluginManifest';
import { Suspense } from 'react';
import { ErrorCallout } from '../components/ErrorCallout/ErrorCallout';
import { LoginFooter } from '../components/LoginFooter/LoginFooter';
import { LoginForm } from '../components/LoginForm/LoginForm';
import { SsoWaiting } from '../components/SsoWaiting/SsoWaiting';
import { useLoginFlow, type LoginFlow } from '../hooks/useLoginFlow';
import type { LoginStep } from '../logic/loginQuery';
import './LoginPage.css';
import { JamfLogin, LostPasswordForm, OktaIssuerForm, RecoveryCodeForm, TwoAuthForm } from './lazySteps';

const STEP_TITLES: Record<LoginStep, string> = {
  login: 'Sign in',
  'two-auth': 'Two-factor authentication',
  'recovery-code': 'Recovery code',
  'lost-password': 'Reset your password',
  'okta-client-issuer': 'Sign in with Okta',
  'okta-waiting': 'Signing in',
  jamf: 'Sign in with Jamf',
};

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
          onOkta={() => flow.go({ type: 'open', step: 'okta-client-issuer' })}
        />
      );
    case 'two-auth':
      return <TwoAuthForm onSubmit={flow.verifyCode} onUseRecoveryCode={() => flow.go({ type: 'use-recovery-code' })} onReturn={toLogin} />;
    case 'recovery-code':
      return <RecoveryCodeForm onSubmit={flow.verifyRecoveryCode} onUseCode={() => flow.go({ type: 'use-code' })} onReturn={toLogin} />;
    case 'lost-password':
      return <LostPasswordForm onSubmit={flow.lostPassword} onReturn={toLogin} />;
    case 'okta-client-issuer':
      return <OktaIssuerForm initialDomain={flow.query.okta && flow.query.okta !== 'true' ? flow.query.okta : ''} onSubmit={flow.okta} onReturn={toLogin} />;
    case 'okta-waiting':
      return <SsoWaiting provider={flow.query.googleRedirect ? 'Google' : 'Okta'} domain={flow.query.googleRedirect ? null : flow.waitingDomain} onReturn={toLogin} />;
    case 'jamf':
      return <JamfLogin onLogin={flow.jamfScreen} onRegularFlow={(email) => flow.go({ type: 'regular-flow', username: email })} />;
  }
}

/** The /login page: one card whose body is the current step (spec §2, §4); useLoginFlow holds the logic. */
export default function LoginPage(_props: PageProps) {
  const flow = useLoginFlow();
  return (
    <main className="login-page">
      <Card elevation={Elevation.TWO} className="login-card">
        <H1 className={`login-title ${Classes.HEADING}`}>{STEP_TITLES[flow.step]}</H1>
        {flow.step !== 'login' && <ErrorCallout {...flow.notice} />}
        <Suspense fallback={<Spinner size={24} aria-label="Loading" />}>
          <StepBody flow={flow} />
        </Suspense>
        <CaptchaNotice />
      </Card>
      <LoginFooter />
    </main>
  );
}
