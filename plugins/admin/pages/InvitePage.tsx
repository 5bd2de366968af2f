import { Button, Callout, Checkbox, FormGroup, H4 } from '@blueprintjs/core';
import { useState } from 'react';
import { Field, Form } from 'react-final-form';

import { permissionName } from '@common/permissions/permissionNames';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { useAccess } from '@core/permissions/useAccess';
import { usePermissionList } from '@core/permissions/usePermissionList';
import type { PageProps } from '@core/plugin/PluginManifest';
import { useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';
import { FormTextField } from '@core/ui/FormTextField/FormTextField';

import { adminAccess } from '../adminAccess';
import { AdminApiToken, type InvitationAnswer, type LoginMethod } from '../api/AdminApi';
import { AdminLayout } from '../components/AdminLayout/AdminLayout';
import { InvitationLink } from '../components/InvitationLink/InvitationLink';
import { PermissionEditor } from '../components/PermissionEditor/PermissionEditor';
import { useAction } from '../hooks/useAction';
import { apiMessage } from '../logic/apiMessage';
import { LOGIN_METHODS } from '../logic/loginMethods';
import { emailError, permissionsError } from '../logic/validators';

const METHOD_LABELS: Record<LoginMethod, string> = {
  password: 'Password',
  Google: 'Google',
  Okta: 'Okta',
  JamfAuth0: 'Jamf (vendor sign-in)',
};
const NO_METHOD = 'Choose at least one sign-in method.';

interface InviteValues {
  email: string;
  methods: LoginMethod[];
  permissions: string[];
}

/** The rules spanning the e-mail's neighbours: shown in one callout under the permissions. */
function validateInvite(values: InviteValues): Partial<Record<keyof InviteValues, string>> {
  if (values.methods.length === 0) return { methods: NO_METHOD };
  const permissions = permissionsError(values.permissions);
  return permissions ? { permissions } : {};
}

/** /admin/users/invite: e-mail, allowed sign-in methods (the first one ticked is what the invite page offers) and permissions. */
export default function InvitePage(_props: PageProps) {
  const api = useService(AdminApiToken);
  const nav = useService(NavigationServiceToken);
  const perms = usePermissionList();
  const { canWrite } = useAccess(adminAccess);
  const catalogue = useLoader('catalogue', () => api.getPermissionCatalogue(), { describe: apiMessage });
  const action = useAction();
  // "Invite another" starts from an empty e-mail but keeps the methods and permissions chosen.
  const [initialValues, setInitialValues] = useState<InviteValues>({
    email: '',
    methods: ['password'],
    permissions: [],
  });
  const [sent, setSent] = useState<InvitationAnswer | null>(null);

  if (!canWrite) {
    return (
      <AdminLayout title="Invite user">
        <Callout intent="warning">Inviting users needs the permission “{permissionName('umg#usr#rw')}”.</Callout>
      </AdminLayout>
    );
  }

  const submit = async ({ email, methods, permissions }: InviteValues) => {
    const answer = await action.run(() =>
      api.invite({ email: email.trim(), allowedLoginMethods: methods, permissions }),
    );
    if (answer) {
      setInitialValues({ email: '', methods, permissions });
      setSent(answer);
    }
  };

  if (sent) {
    return (
      <AdminLayout title="Invite user">
        <InvitationLink invitation={sent} />
        <div className="admin-actions">
          <Button intent="primary" text="Open the user" onClick={() => nav.navigate(`/admin/users/${sent.user.id}`)} />
          <Button text="Invite another" onClick={() => setSent(null)} />
        </div>
      </AdminLayout>
    );
  }

  return (
    <AdminLayout title="Invite user">
      <Form<InviteValues>
        onSubmit={submit}
        initialValues={initialValues}
        validate={validateInvite}
        render={({ handleSubmit, errors, touched, submitFailed }) => {
          // Like the e-mail's own message, the callout waits until the e-mail was left or a send was tried.
          const problem =
            (touched?.email || submitFailed) && !errors?.email ? (errors?.methods ?? errors?.permissions) : undefined;
          return (
            <form className="admin-form" onSubmit={(e) => void handleSubmit(e)} noValidate>
              <FormTextField
                idPrefix="invite"
                name="email"
                label="Email"
                type="email"
                validate={(value) => emailError(value ?? '')}
                maxLength={254}
                autoComplete="off"
              />
              <Field<LoginMethod[]> name="methods">
                {({ input }) => (
                  <FormGroup
                    label="Allowed sign-in methods"
                    // Says which one the invitee gets: ticking Google beside the default Password still sends a password invitation.
                    helperText={
                      input.value.length > 0
                        ? `The invite page offers the first one ticked, in this order: ${METHOD_LABELS[input.value[0]!]}.`
                        : 'The invite page offers the first one ticked, in this order.'
                    }
                  >
                    {LOGIN_METHODS.map((m) => (
                      <Checkbox
                        key={m}
                        inline
                        label={METHOD_LABELS[m]}
                        checked={input.value.includes(m)}
                        // Kept in the order shown, not the order clicked: the invite page offers the first entry (spec §3).
                        onChange={(e) => {
                          const on = e.currentTarget.checked;
                          input.onChange(LOGIN_METHODS.filter((x) => (x === m ? on : input.value.includes(x))));
                        }}
                      />
                    ))}
                  </FormGroup>
                )}
              </Field>
              <H4>Permissions</H4>
              <Field<string[]> name="permissions">
                {({ input }) =>
                  catalogue.data ? (
                    <PermissionEditor
                      catalogue={catalogue.data}
                      value={input.value}
                      onChange={input.onChange}
                      held={perms}
                    />
                  ) : null
                }
              </Field>
              {catalogue.error && <Callout intent="danger">{catalogue.error}</Callout>}
              {problem && <Callout intent="warning">{problem}</Callout>}
              {action.error && (
                <Callout intent="danger" role="alert">
                  {action.error}
                </Callout>
              )}
              <div className="admin-actions admin-section">
                <Button
                  type="submit"
                  intent="primary"
                  text="Send invitation"
                  loading={action.busy}
                  disabled={action.busy}
                />
                <Button text="Cancel" variant="minimal" onClick={() => nav.navigate('/admin/users')} />
              </div>
            </form>
          );
        }}
      />
    </AdminLayout>
  );
}
