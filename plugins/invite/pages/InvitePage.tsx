import './InvitePage.css';

import { AnchorButton, Callout, Classes, Intent, Link } from '@blueprintjs/core';
import { useMemo } from 'react';

import { CaptchaNotice } from '@core/captcha/CaptchaNotice';
import { CaptchaServiceToken } from '@core/captcha/CaptchaService';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import type { PageProps } from '@core/plugin/PluginManifest';
import { useService } from '@core/react';
import { SessionServiceToken } from '@core/session/SessionService';
import { StorageServiceToken } from '@core/storage/StorageService';

import { InviteApiToken } from '../api/InviteApi';
import { ActivateTwoFactor } from '../components/ActivateTwoFactor/ActivateTwoFactor';
import { InviteCard } from '../components/InviteCard/InviteCard';
import { InviteLoading } from '../components/InviteLoading/InviteLoading';
import { JamfRedirect } from '../components/JamfRedirect/JamfRedirect';
import { PasswordForm } from '../components/PasswordForm/PasswordForm';
import { ProviderSignIn } from '../components/ProviderSignIn/ProviderSignIn';
import type { InviteServices } from '../flows/InviteServices';
import { useInvite } from '../flows/useInvite';
import { parseInviteQuery } from '../logic/inviteQuery';
import { InviteTexts } from '../logic/texts';

/** `/invite/{id}` (spec §2 "Invite wizard", §4 "Invite flow"). */
export default function InvitePage({ params }: PageProps) {
  const api = useService(InviteApiToken);
  const session = useService(SessionServiceToken);
  const storage = useService(StorageServiceToken);
  const nav = useService(NavigationServiceToken);
  const captcha = useService(CaptchaServiceToken);
  const services = useMemo<InviteServices>(
    () => ({ api, session, storage, nav, captcha }),
    [api, session, storage, nav, captcha],
  );
  // Read once: the return query belongs to the visit that brought the provider's answer.
  const query = useMemo(() => parseInviteQuery(nav.search()), [nav]);
  const wizard = useInvite(services, params.id ?? '', query);
  const { state } = wizard;

  switch (state.phase) {
    case 'loading':
      return <InviteLoading subtitle={query.returning ? InviteTexts.loggingIn : undefined} />;
    case 'expired':
      return (
        <InviteCard step={1}>
          <Callout intent={Intent.WARNING} role="alert" className="invite-callout">
            {InviteTexts.expired}
          </Callout>
        </InviteCard>
      );
    case 'accepted':
      return (
        <InviteCard step={1}>
          <Callout intent={Intent.PRIMARY} className="invite-callout">
            {InviteTexts.accepted}
          </Callout>
          <AnchorButton
            intent={Intent.PRIMARY}
            href="/login"
            text={InviteTexts.signIn}
            onClick={(event) => {
              event.preventDefault();
              nav.navigate('/login');
            }}
          />
        </InviteCard>
      );
    case 'jamf':
      return <JamfRedirect error={state.error} onRetry={() => void wizard.retryJamf()} />;
    case 'activated':
      return (
        <InviteCard step={1}>
          <Callout intent={Intent.DANGER} role="alert" className="invite-callout">
            <p>{InviteTexts.activatedNotSignedIn}</p>
            <p className={Classes.TEXT_MUTED}>{state.message}</p>
          </Callout>
          <Link
            href="/login"
            onClick={(event) => {
              event.preventDefault();
              nav.navigate('/login');
            }}
          >
            {InviteTexts.goToLogin}
          </Link>
        </InviteCard>
      );
    case 'activate-2fa':
      return (
        <InviteCard step={2}>
          <ActivateTwoFactor onActivate={wizard.activateTwoFactor} onSkip={wizard.skipToDashboard} />
        </InviteCard>
      );
    case 'first-login':
      return (
        <InviteCard step={1} subtitle={state.busy ? InviteTexts.loggingIn : InviteTexts.enterDetails}>
          {state.error ? (
            <Callout intent={Intent.DANGER} role="alert" className="invite-callout">
              {state.error}
            </Callout>
          ) : null}
          {state.method === 'password' ? (
            <PasswordForm email={state.invite.username} busy={state.busy} onSubmit={wizard.submitPassword} />
          ) : (
            <ProviderSignIn
              provider={state.method}
              email={state.invite.username}
              busy={state.busy}
              onStart={() => void wizard.startProvider()}
            />
          )}
          <CaptchaNotice />
        </InviteCard>
      );
  }
}
