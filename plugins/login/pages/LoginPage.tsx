import { Card, Classes, Elevation, H1, Spinner } from '@blueprintjs/core';
import { peekOAuthRequest } from '@core/auth/oauthRequest';
import { takeOAuthCallback, takeSecondFactor, type OAuthCallbackHandoff } from '@core/auth/oauthHandoff';
import type { OAuthProviderMarker } from '@core/auth/oauthState';
import { HttpServiceToken } from '@core/http/HttpService';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import type { PageProps } from '@core/plugin/PluginManifest';
import { useObservable, useService } from '@core/react';
import { decodeClaims, isExpired, isSecondFactorOnly } from '@core/session/decodeClaims';
import { SessionServiceToken, type AuthResult } from '@core/session/SessionService';
import { StorageKeys, StorageServiceToken } from '@core/storage/StorageService';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { getPasswordRecoveryEnabled } from '../api/getPasswordRecoveryEnabled';
import { getRefreshWithToken } from '../api/getRefreshWithToken';
import { postLogin } from '../api/postLogin';
import { postPasswordRecovery } from '../api/postPasswordRecovery';
import { postValidateCode } from '../api/postValidateCode';
import { postValidateRecoveryCode } from '../api/postValidateRecoveryCode';
import { CaptchaNotice } from '../components/CaptchaNotice/CaptchaNotice';
import { ErrorCallout } from '../components/ErrorCallout/ErrorCallout';
import { LoginFooter } from '../components/LoginFooter/LoginFooter';
import { LoginForm } from '../components/LoginForm/LoginForm';
import { SsoWaiting } from '../components/SsoWaiting/SsoWaiting';
import { useCaptcha } from '../captcha/useCaptcha';
import { completeSignIn } from '../flows/completeSignIn';
import { finishProviderSignIn, ProviderSignInError } from '../flows/finishProviderSignIn';
import type { LoginServices } from '../flows/LoginServices';
import { openSignInPopup } from '../flows/openSignInPopup';
import { startGoogle } from '../flows/startGoogle';
import { startJamf } from '../flows/startJamf';
import { startOkta } from '../flows/startOkta';
import { errorInfo, type ErrorInfo } from '../logic/errorInfo';
import { initialStep, parseLoginQuery, type LoginStep } from '../logic/loginQuery';
import { loginErrorMessage } from '../logic/loginErrorMessage';
import { codeErrorOutcome, recoveryErrorOutcome } from '../logic/secondFactorError';
import { LoginTexts } from '../logic/texts';
import { normalizeRecoveryCode } from '../logic/validators';
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

/** A login awaiting its second factor: the mfa token stays in memory only. */
interface PendingSecondFactor {
  token: string;
  username: string;
  returnUrl: string | null;
  provider?: OAuthProviderMarker;
}

interface Notice {
  title?: string | null;
  message?: string | null;
}

/** The /login page: one card whose body is the current step (spec §2, §4). */
export default function LoginPage(_props: PageProps) {
  const http = useService(HttpServiceToken);
  const session = useService(SessionServiceToken);
  const storage = useService(StorageServiceToken);
  const nav = useService(NavigationServiceToken);
  const services = useMemo<LoginServices>(() => ({ http, session, storage, nav }), [http, session, storage, nav]);
  const search = useObservable(nav.search$, nav.search());
  const query = useMemo(() => parseLoginQuery(search), [search]);
  const returnUrl = query.returnUrl ?? query.url;
  const captcha = useCaptcha(http);

  const [step, setStep] = useState<LoginStep>(() => initialStep(query));
  const [notice, setNotice] = useState<Notice | null>(() => (query.error ? { title: query.error, message: query.errorDescription } : null));
  const [mfa, setMfa] = useState<PendingSecondFactor | null>(null);
  const [username, setUsername] = useState('');
  const [recoveryEnabled, setRecoveryEnabled] = useState(false);
  // The Okta domain shown on okta-waiting, read before the pending request is consumed.
  const [waitingDomain] = useState(() => peekOAuthRequest()?.context?.domain ?? storage.get(StorageKeys.oktaClientIssuer));
  const started = useRef(false);

  const goToStep = (next: LoginStep, nextNotice: Notice | null = null) => {
    setNotice(nextNotice);
    if (next === 'login') setMfa(null);
    setStep(next);
  };

  const needSecondFactor = (result: AuthResult, fallbackUsername: string, target: string | null, provider?: OAuthProviderMarker) => {
    setMfa({ token: result.token, username: result.user?.username || fallbackUsername, returnUrl: target, provider });
    goToStep('two-auth');
  };

  /** Okta and Google answers (redirect return or Google popup): sign in, or two-auth, or back to login with the error. */
  const finishProviderReturn = async (handoff: OAuthCallbackHandoff | null) => {
    try {
      const signIn = await finishProviderSignIn(services, handoff, await captcha.getToken('login'));
      const target = signIn.returnPath ?? returnUrl;
      if (isSecondFactorOnly(decodeClaims(signIn.result.token))) needSecondFactor(signIn.result, signIn.result.user?.email ?? '', target, signIn.provider);
      else await completeSignIn(services, signIn.result, target, signIn.provider);
    } catch (error) {
      const notice = error instanceof ProviderSignInError ? { title: error.title, message: error.description } : { title: LoginTexts.accessDenied, message: LoginTexts.unknownError };
      goToStep('login', notice);
    }
  };

  // Runs once per visit (the ref also absorbs StrictMode's second effect run).
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const claims = session.claims();
    if (session.token() && isExpired(claims)) {
      storage.remove(StorageKeys.token);
      storage.remove(StorageKeys.profile);
      storage.setAccessCookie(null);
    } else if (!query.token && session.token() && session.profile() && !isSecondFactorOnly(claims)) {
      nav.navigate('/', { replace: true });
      return;
    }
    void getPasswordRecoveryEnabled(http).then(setRecoveryEnabled);

    const handedOver = takeSecondFactor();
    if (handedOver) {
      needSecondFactor(handedOver.result, handedOver.result.user?.email ?? '', handedOver.returnUrl ?? returnUrl, handedOver.provider);
      return;
    }
    if (query.token) {
      void getRefreshWithToken(http, query.token)
        .then((result) => completeSignIn(services, result, returnUrl))
        .catch((error: unknown) => goToStep('login', { message: loginErrorMessage(errorInfo(error)) }));
      return;
    }
    if (step === 'okta-waiting') {
      void finishProviderReturn(takeOAuthCallback());
      return;
    }
    if (step === 'jamf' && query.ssoDomain) {
      void startJamf(services, query.ssoDomain, query.url ?? returnUrl).then((redirecting) => {
        if (!redirecting) goToStep('login');
      });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Spec §4: any second-factor failure other than a wrong code returns to login. */
  const secondFactorFailed = (info: ErrorInfo) => {
    const message = info.status === 401 || info.status === 403 ? 'Your sign-in has expired. Please sign in again.' : loginErrorMessage(info);
    goToStep('login', { message });
  };

  const body = (() => {
    switch (step) {
      case 'login':
        return (
          <LoginForm
            initialUsername={username}
            passwordRecoveryEnabled={recoveryEnabled}
            initialError={notice}
            onSubmit={async ({ username: name, password }) => {
              setNotice(null);
              const trimmed = name.trim();
              try {
                const result = await postLogin(http, {
                  username: trimmed,
                  password,
                  rememberToken: storage.getRememberToken(trimmed) ?? undefined,
                  captchaToken: await captcha.getToken('login'),
                });
                if (isSecondFactorOnly(decodeClaims(result.token))) needSecondFactor(result, trimmed, returnUrl);
                else await completeSignIn(services, result, returnUrl);
                return undefined;
              } catch (error) {
                return loginErrorMessage(errorInfo(error));
              }
            }}
            onForgotPassword={() => goToStep('lost-password')}
            onJamf={async (email) => {
              // Spec §4: a failed vendor look-up falls back to the regular login.
              await startJamf(services, email, returnUrl);
              return undefined;
            }}
            onGoogle={async () => {
              // Opened before any await so that the click still counts as the user's gesture.
              const popup = openSignInPopup();
              try {
                if (!popup) {
                  // Blocked popup: the same round trip as a full-page redirect (plugins/login/README.md).
                  await startGoogle(services, returnUrl);
                  return undefined;
                }
                const { runGooglePopup } = await import('../flows/runGooglePopup');
                const outcome = await runGooglePopup(services, popup, returnUrl);
                if (outcome.kind === 'closed') return LoginTexts.thirdPartyCookies;
                if (outcome.kind === 'refused') {
                  goToStep('login', { title: LoginTexts.accessDenied, message: outcome.description });
                  return undefined;
                }
                await finishProviderReturn(outcome.handoff);
                return undefined;
              } catch (error) {
                return loginErrorMessage(errorInfo(error));
              }
            }}
            onOkta={() => goToStep('okta-client-issuer')}
          />
        );
      case 'two-auth':
        return (
          <TwoAuthForm
            onSubmit={async ({ digitCode, remember2fa }) => {
              if (!mfa) {
                goToStep('login');
                return undefined;
              }
              try {
                const result = await postValidateCode(http, mfa.token, {
                  totpCode: digitCode,
                  remember: remember2fa,
                  username: mfa.username,
                  captchaToken: await captcha.getToken('two_factor'),
                });
                if (remember2fa && result.rememberToken) storage.setRememberToken(result.user?.username || mfa.username, result.rememberToken);
                await completeSignIn(services, { token: result.token, user: result.user }, mfa.returnUrl, mfa.provider);
                return undefined;
              } catch (error) {
                const info = errorInfo(error);
                const outcome = codeErrorOutcome(info);
                if (outcome.kind === 'field-error') return outcome.message;
                secondFactorFailed(info);
                return undefined;
              }
            }}
            onUseRecoveryCode={() => goToStep('recovery-code')}
            onReturn={() => goToStep('login')}
          />
        );
      case 'recovery-code':
        return (
          <RecoveryCodeForm
            onSubmit={async ({ recoveryCode }) => {
              if (!mfa) {
                goToStep('login');
                return undefined;
              }
              try {
                const result = await postValidateRecoveryCode(http, mfa.token, {
                  totpRecoveryCode: normalizeRecoveryCode(recoveryCode),
                  captchaToken: await captcha.getToken('recovery_code'),
                });
                await completeSignIn(services, { token: result.token, user: result.user }, mfa.returnUrl, mfa.provider);
                return undefined;
              } catch (error) {
                const info = errorInfo(error);
                const outcome = recoveryErrorOutcome(info);
                if (outcome.kind === 'field-error') return outcome.message;
                secondFactorFailed(info);
                return undefined;
              }
            }}
            onUseCode={() => goToStep('two-auth')}
            onReturn={() => goToStep('login')}
          />
        );
      case 'lost-password':
        return (
          <LostPasswordForm
            onSubmit={async (email) => {
              try {
                await postPasswordRecovery(http, email);
                return undefined;
              } catch (error) {
                const info = errorInfo(error);
                // Unknown addresses get the same confirmation: the page must not reveal accounts.
                if (info.status === 404) return undefined;
                return loginErrorMessage(info);
              }
            }}
            onReturn={() => goToStep('login')}
          />
        );
      case 'okta-client-issuer':
        return (
          <OktaIssuerForm
            initialDomain={query.okta && query.okta !== 'true' ? query.okta : ''}
            onSubmit={async (domain) => {
              try {
                await startOkta(services, domain, returnUrl);
                return undefined;
              } catch {
                return LoginTexts.oktaInvalid;
              }
            }}
            onReturn={() => goToStep('login')}
          />
        );
      case 'okta-waiting':
        return <SsoWaiting provider={query.googleRedirect ? 'Google' : 'Okta'} domain={query.googleRedirect ? null : waitingDomain} onReturn={() => goToStep('login')} />;
      case 'jamf':
        return (
          <JamfLogin
            onLogin={async (email) => ((await startJamf(services, email, query.url ?? returnUrl)) ? 'redirecting' : 'regular-flow')}
            onRegularFlow={(email) => {
              setUsername(email);
              goToStep('login');
            }}
          />
        );
    }
  })();

  return (
    <main className="login-page">
      <Card elevation={Elevation.TWO} className="login-card">
        <H1 className={`login-title ${Classes.HEADING}`}>{STEP_TITLES[step]}</H1>
        {step !== 'login' && <ErrorCallout {...notice} />}
        <Suspense fallback={<Spinner size={24} aria-label="Loading" />}>{body}</Suspense>
        <CaptchaNotice active={captcha.active} />
      </Card>
      <LoginFooter />
    </main>
  );
}
