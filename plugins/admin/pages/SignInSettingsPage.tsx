import { Button, Callout, Classes, FormGroup, H4, InputGroup, Spinner } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { HttpServiceToken } from '@core/http/HttpService';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import type { PageProps } from '@core/plugin/PluginManifest';
import { useService } from '@core/react/useService';
import { ToastServiceToken } from '@core/toasts/ToastService';
import { useLoader } from '@core/react/useLoader';
import { deleteOktaConfig } from '../api/deleteOktaConfig';
import { getOktaConfig } from '../api/getOktaConfig';
import { getPasswordRecoveryEnabled } from '../api/getPasswordRecoveryEnabled';
import { postOktaVerify } from '../api/postOktaVerify';
import { putOktaConfig } from '../api/putOktaConfig';
import type { OktaConfig, OktaVerifyAnswer } from '../api/types';
import { AdminLayout } from '../components/AdminLayout/AdminLayout';
import { useAction } from '../hooks/useAction';
import { useAdminAccess } from '../hooks/useAdminAccess';
import { useConfirmedAction } from '../hooks/useConfirmedAction';
import { apiMessage } from '../logic/apiMessage';
import { urlError } from '../logic/validators';

/**
 * /admin/sign-in: the tenant's Okta application (verify before saving), and how password
 * recovery and the vendor sign-in are set up (operator settings, shown read-only).
 */
export default function SignInSettingsPage(_props: PageProps) {
  const http = useService(HttpServiceToken);
  const toasts = useService(ToastServiceToken);
  const format = useDateTimeFormatter();
  const { canWrite } = useAdminAccess();
  const okta = useLoader('okta', () => getOktaConfig(http), { describe: apiMessage });
  const recovery = useLoader('recovery', () => getPasswordRecoveryEnabled(http), { describe: apiMessage });
  const action = useAction();
  const confirmed = useConfirmedAction(action);
  const [saved, setSaved] = useState<OktaConfig | null>(null);
  const [issuer, setIssuer] = useState('');
  const [clientId, setClientId] = useState('');
  const [verified, setVerified] = useState<OktaVerifyAnswer | null>(null);
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (okta.data === undefined) return;
    setSaved(okta.data);
    setIssuer(okta.data?.clientIssuer ?? '');
    setClientId(okta.data?.clientId ?? '');
  }, [okta.data]);

  const issuerProblem = urlError(issuer, 'Okta domain');
  const clientProblem = urlError(clientId, 'Client id');
  // Saving is offered once the issuer typed now was verified (the verify answer names it normalised).
  const verifiedNow = verified !== null && (verified.clientIssuer === issuer.trim() || verified.clientIssuer === `https://${issuer.trim()}`);

  const verify = async () => {
    setTouched(true);
    if (issuerProblem) return;
    setVerified(null);
    const answer = await action.run(() => postOktaVerify(http, issuer.trim()));
    if (answer) setVerified(answer);
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (issuerProblem || clientProblem || !verifiedNow) return;
    const answer = await action.run(() => putOktaConfig(http, { clientIssuer: verified!.clientIssuer, clientId: clientId.trim() }));
    if (answer) {
      setSaved(answer);
      setIssuer(answer.clientIssuer);
      toasts.success('Okta', 'The Okta configuration has been saved.');
    }
  };
  const remove = async () => {
    const done = await confirmed('Remove the Okta configuration? Okta sign-in stops for every user of the tenant.', () => deleteOktaConfig(http).then(() => true), { title: 'Okta', message: 'The Okta configuration has been removed.' });
    if (done) {
      setSaved(null);
      setIssuer('');
      setClientId('');
      setVerified(null);
    }
  };

  return (
    <AdminLayout title="Sign-in settings">
      <section className="admin-section admin-form" aria-label="Okta">
        <H4>Okta</H4>
        {okta.loading && okta.data === undefined && <Spinner size={20} />}
        {okta.error && <Callout intent="danger">{okta.error}</Callout>}
        <p className={Classes.TEXT_MUTED}>
          {saved ? `Configured (last changed ${format(saved.updatedAt)}). Users with the Okta method sign in through this application.` : 'Not configured: nobody of this tenant can sign in with Okta.'}
        </p>
        <form onSubmit={(e) => void save(e)} noValidate>
          <FormGroup label="Okta domain (issuer)" labelFor="okta-issuer" helperText={touched && issuerProblem} intent={touched && issuerProblem ? 'danger' : 'none'}>
            <InputGroup id="okta-issuer" placeholder="https://your-org.okta.com" value={issuer} maxLength={512} readOnly={!canWrite} onChange={(e) => { setIssuer(e.currentTarget.value); setVerified(null); }} />
          </FormGroup>
          <FormGroup label="Client id" labelFor="okta-client" helperText={touched && clientProblem} intent={touched && clientProblem ? 'danger' : 'none'}>
            <InputGroup id="okta-client" value={clientId} maxLength={512} readOnly={!canWrite} onChange={(e) => setClientId(e.currentTarget.value)} />
          </FormGroup>
          {verified && (
            <Callout intent="success" title="Verified" data-testid="okta-verified">
              {verified.clientIssuer} publishes an OpenID configuration; sign-in goes to {verified.authorizationEndpoint}.
            </Callout>
          )}
          {action.error && (
            <Callout intent="danger" role="alert">
              {action.error}
            </Callout>
          )}
          {canWrite && (
            <div className="admin-actions admin-section">
              <Button text="Verify" disabled={action.busy} onClick={() => void verify()} />
              <Button type="submit" intent="primary" text="Save" disabled={action.busy || !verifiedNow} title={verifiedNow ? undefined : 'Verify the domain first'} />
              {saved && <Button intent="danger" variant="minimal" text="Remove" disabled={action.busy} onClick={() => void remove()} />}
            </div>
          )}
        </form>
      </section>
      <section className="admin-section" aria-label="Password recovery">
        <H4>Password recovery</H4>
        <p data-testid="password-recovery">
          {recovery.data === undefined ? '…' : recovery.data ? 'Enabled: the login page offers “Forgot your password?”.' : 'Disabled: the login page offers no password recovery.'}
        </p>
        <p className={Classes.TEXT_MUTED}>Set by the operator for the whole installation (PASSWORD_RECOVERY).</p>
      </section>
      <section className="admin-section" aria-label="Vendor sign-in">
        <H4>Vendor sign-in (Jamf)</H4>
        <p className={Classes.TEXT_MUTED}>
          Which e-mail domains sign in through the vendor identity provider is set by the operator (domain mappings); ask them to add your company's domains.
        </p>
      </section>
    </AdminLayout>
  );
}
