import { Button, Callout, Classes, FormGroup, H4, InputGroup, Spinner } from '@blueprintjs/core';
import type { FormApi } from 'final-form';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Field, Form } from 'react-final-form';

import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { useAccess } from '@core/permissions/useAccess';
import type { PageProps } from '@core/plugin/PluginManifest';
import { useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';
import { ToastServiceToken } from '@core/toasts/ToastService';

import { adminAccess } from '../adminAccess';
import { AdminApiToken, type OktaConfig, type OktaVerifyAnswer } from '../api/AdminApi';
import { AdminLayout } from '../components/AdminLayout/AdminLayout';
import { PasskeyPolicy } from '../components/PasskeyPolicy/PasskeyPolicy';
import { TenantTimeZone } from '../components/TenantTimeZone/TenantTimeZone';
import { useAction } from '../hooks/useAction';
import { useConfirmedAction } from '../hooks/useConfirmedAction';
import { apiMessage } from '../logic/apiMessage';
import { urlError } from '../logic/validators';

interface OktaValues {
  issuer: string;
  clientId: string;
}

const validateIssuer = (value: string | undefined) => urlError(value ?? '', 'Okta domain');
const validateClientId = (value: string | undefined) => urlError(value ?? '', 'Client id');

/** An Okta setting's field: its error shows once Verify or Save was tried, not when it is left. */
function OktaField({
  name,
  label,
  id,
  placeholder,
  checked,
  readOnly,
  validate,
  onEdit,
}: {
  name: keyof OktaValues;
  label: string;
  id: string;
  placeholder?: string;
  checked: boolean;
  readOnly: boolean;
  validate: (value: string | undefined) => string | undefined;
  onEdit?: () => void;
}) {
  return (
    <Field<string> name={name} validate={validate} parse={(value) => value ?? ''}>
      {({ input, meta }) => {
        const problem = checked || meta.submitFailed ? meta.error : undefined;
        return (
          <FormGroup label={label} labelFor={id} helperText={problem} intent={problem ? 'danger' : 'none'}>
            <InputGroup
              id={id}
              placeholder={placeholder}
              value={input.value}
              maxLength={512}
              readOnly={readOnly}
              onChange={(e) => {
                input.onChange(e.currentTarget.value);
                onEdit?.();
              }}
            />
          </FormGroup>
        );
      }}
    </Field>
  );
}

/**
 * /admin/sign-in: the tenant's Okta application (verify before saving), whether it requires passkeys, the time zone
 * its mails and exports print times in, and how password recovery and the vendor sign-in are set up (operator
 * settings, shown read-only).
 */
export default function SignInSettingsPage(_props: PageProps) {
  const api = useService(AdminApiToken);
  const toasts = useService(ToastServiceToken);
  const format = useDateTimeFormatter();
  const { canWrite } = useAccess(adminAccess);
  const okta = useLoader('okta', () => api.getOktaConfig(), { describe: apiMessage });
  const recovery = useLoader('recovery', () => api.passwordRecoveryEnabled(), { describe: apiMessage });
  const action = useAction();
  const confirmed = useConfirmedAction(action);
  // The last configuration the API answered (loaded, saved or removed).
  const [saved, setSaved] = useState<OktaConfig | null>(null);
  const [verified, setVerified] = useState<OktaVerifyAnswer | null>(null);
  // Verify or Save was tried: the fields' errors show from then on.
  const [checked, setChecked] = useState(false);
  const formRef = useRef<FormApi<OktaValues> | null>(null);
  useEffect(() => setSaved(okta.data), [okta.data]);
  // The form starts (again) from each configuration loaded.
  const initialValues = useMemo<OktaValues>(
    () => ({ issuer: okta.data?.clientIssuer ?? '', clientId: okta.data?.clientId ?? '' }),
    [okta.data],
  );

  // Saving is offered once the issuer typed now was verified (the verify answer names it normalised).
  const isVerified = (issuer: string) =>
    verified !== null &&
    (verified.clientIssuer === issuer.trim() || verified.clientIssuer === `https://${issuer.trim()}`);

  const verify = async (form: FormApi<OktaValues>) => {
    setChecked(true);
    const { issuer } = form.getState().values;
    if (validateIssuer(issuer)) return;
    setVerified(null);
    const answer = await action.run(() => api.verifyOkta(issuer.trim()));
    if (answer) setVerified(answer);
  };
  const save = async ({ issuer, clientId }: OktaValues) => {
    setChecked(true);
    if (!verified || !isVerified(issuer)) return;
    const answer = await action.run(() =>
      api.saveOktaConfig({ clientIssuer: verified.clientIssuer, clientId: clientId.trim() }),
    );
    if (answer) {
      setSaved(answer);
      formRef.current?.change('issuer', answer.clientIssuer);
      toasts.success('Okta', 'The Okta configuration has been saved.');
    }
  };
  const remove = async () => {
    const done = await confirmed(
      'Remove the Okta configuration? Okta sign-in stops for every user of the tenant.',
      () => api.deleteOktaConfig().then(() => true),
      {
        title: 'Okta',
        message: 'The Okta configuration has been removed.',
      },
    );
    if (done) {
      setSaved(null);
      formRef.current?.change('issuer', '');
      formRef.current?.change('clientId', '');
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
          {saved
            ? `Configured (last changed ${format(saved.updatedAt)}). Users with the Okta method sign in through this application.`
            : 'Not configured: nobody of this tenant can sign in with Okta.'}
        </p>
        <Form<OktaValues>
          onSubmit={save}
          initialValues={initialValues}
          render={({ handleSubmit, form, values }) => {
            formRef.current = form;
            const verifiedNow = isVerified(values.issuer ?? '');
            return (
              <form
                onSubmit={(e) => {
                  setChecked(true);
                  void handleSubmit(e);
                }}
                noValidate
              >
                <OktaField
                  name="issuer"
                  label="Okta domain (issuer)"
                  id="okta-issuer"
                  placeholder="https://your-org.okta.com"
                  checked={checked}
                  readOnly={!canWrite}
                  validate={validateIssuer}
                  onEdit={() => setVerified(null)}
                />
                <OktaField
                  name="clientId"
                  label="Client id"
                  id="okta-client"
                  checked={checked}
                  readOnly={!canWrite}
                  validate={validateClientId}
                />
                {verified && (
                  <Callout intent="success" title="Verified" data-testid="okta-verified">
                    {verified.clientIssuer} publishes an OpenID configuration; sign-in goes to{' '}
                    {verified.authorizationEndpoint}.
                  </Callout>
                )}
                {action.error && (
                  <Callout intent="danger" role="alert">
                    {action.error}
                  </Callout>
                )}
                {canWrite && (
                  <div className="admin-actions admin-section">
                    <Button text="Verify" disabled={action.busy} onClick={() => void verify(form)} />
                    <Button
                      type="submit"
                      intent="primary"
                      text="Save"
                      disabled={action.busy || !verifiedNow}
                      title={verifiedNow ? undefined : 'Verify the domain first'}
                    />
                    {saved && (
                      <Button
                        intent="danger"
                        variant="minimal"
                        text="Remove"
                        disabled={action.busy}
                        onClick={() => void remove()}
                      />
                    )}
                  </div>
                )}
              </form>
            );
          }}
        />
      </section>
      <PasskeyPolicy canWrite={canWrite} />
      <TenantTimeZone canWrite={canWrite} />
      <section className="admin-section" aria-label="Password recovery">
        <H4>Password recovery</H4>
        <p data-testid="password-recovery">
          {recovery.data === undefined
            ? '…'
            : recovery.data
              ? 'Enabled: the login page offers “Forgot your password?”.'
              : 'Disabled: the login page offers no password recovery.'}
        </p>
        <p className={Classes.TEXT_MUTED}>Set by the operator for the whole installation (PASSWORD_RECOVERY).</p>
      </section>
      <section className="admin-section" aria-label="Vendor sign-in">
        <H4>Vendor sign-in (Jamf)</H4>
        <p className={Classes.TEXT_MUTED}>
          Which e-mail domains sign in through the vendor identity provider is set by the operator (domain mappings);
          ask them to add your company's domains.
        </p>
      </section>
    </AdminLayout>
  );
}
