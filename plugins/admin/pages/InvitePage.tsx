import { Button, Callout, Checkbox, FormGroup, H4, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { HttpServiceToken } from '@core/http/HttpService';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import type { PageProps } from '@core/plugin/PluginManifest';
import { useService } from '@core/react/useService';
import { useLoader } from '@core/react/useLoader';
import { getPermissionCatalogue } from '../api/getPermissionCatalogue';
import { postInvitation } from '../api/postInvitation';
import { LOGIN_METHODS, type InvitationAnswer, type LoginMethod } from '../api/types';
import { AdminLayout } from '../components/AdminLayout/AdminLayout';
import { InvitationLink } from '../components/InvitationLink/InvitationLink';
import { PermissionEditor } from '../components/PermissionEditor/PermissionEditor';
import { useAction } from '../hooks/useAction';
import { useAdminAccess } from '../hooks/useAdminAccess';
import { apiMessage } from '../logic/apiMessage';
import { emailError, permissionsError } from '../logic/validators';

const METHOD_LABELS: Record<LoginMethod, string> = { password: 'Password', Google: 'Google', Okta: 'Okta', JamfAuth0: 'Jamf (vendor sign-in)' };

/** /admin/users/invite: e-mail, allowed sign-in methods (the first one ticked is what the invite page offers) and permissions. */
export default function InvitePage(_props: PageProps) {
  const http = useService(HttpServiceToken);
  const nav = useService(NavigationServiceToken);
  const { perms, canWrite } = useAdminAccess();
  const catalogue = useLoader('catalogue', () => getPermissionCatalogue(http), { describe: apiMessage });
  const action = useAction();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [methods, setMethods] = useState<LoginMethod[]>(['password']);
  const [permissions, setPermissions] = useState<string[]>([]);
  const [sent, setSent] = useState<InvitationAnswer | null>(null);

  if (!canWrite) {
    return (
      <AdminLayout title="Invite user">
        <Callout intent="warning">Inviting users needs the user write permission (umg#usr#rw).</Callout>
      </AdminLayout>
    );
  }

  const emailProblem = emailError(email);
  const problem = emailProblem ?? (methods.length === 0 ? 'Choose at least one sign-in method.' : permissionsError(permissions));
  // Kept in the order shown, not the order clicked: the invite page offers the first entry (spec §3).
  const toggleMethod = (m: LoginMethod, on: boolean) => setMethods(LOGIN_METHODS.filter((x) => (x === m ? on : methods.includes(x))));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    const answer = await action.run(() => postInvitation(http, { email: email.trim(), allowedLoginMethods: methods, permissions }));
    if (answer) setSent(answer);
  };

  if (sent) {
    return (
      <AdminLayout title="Invite user">
        <InvitationLink invitation={sent} />
        <div className="admin-actions">
          <Button intent="primary" text="Open the user" onClick={() => nav.navigate(`/admin/users/${sent.user.id}`)} />
          <Button
            text="Invite another"
            onClick={() => {
              setSent(null);
              setEmail('');
              setTouched(false);
            }}
          />
        </div>
      </AdminLayout>
    );
  }

  return (
    <AdminLayout title="Invite user">
      <form className="admin-form" onSubmit={(e) => void submit(e)} noValidate>
        <FormGroup label="Email" labelFor="invite-email" helperText={touched && emailProblem} intent={touched && emailProblem ? 'danger' : 'none'}>
          <InputGroup id="invite-email" type="email" value={email} maxLength={254} autoComplete="off" onChange={(e) => setEmail(e.currentTarget.value)} onBlur={() => setTouched(true)} />
        </FormGroup>
        <FormGroup
          label="Allowed sign-in methods"
          // Says which one the invitee gets: ticking Google beside the default Password still sends a password invitation.
          helperText={methods.length > 0 ? `The invite page offers the first one ticked, in this order: ${METHOD_LABELS[methods[0]!]}.` : 'The invite page offers the first one ticked, in this order.'}
        >
          {LOGIN_METHODS.map((m) => (
            <Checkbox key={m} inline label={METHOD_LABELS[m]} checked={methods.includes(m)} onChange={(e) => toggleMethod(m, e.currentTarget.checked)} />
          ))}
        </FormGroup>
        <H4>Permissions</H4>
        {catalogue.data && <PermissionEditor catalogue={catalogue.data} value={permissions} onChange={setPermissions} held={perms} />}
        {catalogue.error && <Callout intent="danger">{catalogue.error}</Callout>}
        {touched && problem && problem !== emailProblem && <Callout intent="warning">{problem}</Callout>}
        {action.error && (
          <Callout intent="danger" role="alert">
            {action.error}
          </Callout>
        )}
        <div className="admin-actions admin-section">
          <Button type="submit" intent="primary" text="Send invitation" loading={action.busy} disabled={action.busy} />
          <Button text="Cancel" variant="minimal" onClick={() => nav.navigate('/admin/users')} />
        </div>
      </form>
    </AdminLayout>
  );
}
