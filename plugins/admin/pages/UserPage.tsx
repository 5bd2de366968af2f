import { Button, Callout, Classes, H4, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';

import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import type { PageProps } from '@core/plugin/PluginManifest';

import { AdminLayout } from '../components/AdminLayout/AdminLayout';
import { InvitationLink } from '../components/InvitationLink/InvitationLink';
import { PermissionEditor } from '../components/PermissionEditor/PermissionEditor';
import { PermissionNames } from '../components/PermissionNames/PermissionNames';
import { SessionsTable } from '../components/SessionsTable/SessionsTable';
import { UserStatusTags } from '../components/UserStatusTags/UserStatusTags';
import { useUserDetail } from '../hooks/useUserDetail';

export const USER_WRITE = 'umg#usr#rw';
export const SELF_STRIP_REASON = 'You cannot remove your own user-management permission.';
const METHOD_LABELS: Record<string, string> = {
  password: 'Password',
  Google: 'Google',
  Okta: 'Okta',
  JamfAuth0: 'Jamf',
};

/** /admin/users/:userId: identities, MFA, permissions and sessions of one user, and the writers' actions. */
export default function UserPage({ params }: PageProps) {
  const format = useDateTimeFormatter();
  const {
    perms,
    canWrite,
    isSelf,
    endOwn,
    loadError,
    user,
    catalogue,
    sessions,
    action,
    invitation,
    permissions,
    setDraft,
    dirty,
    draftError,
    back,
    savePermissions,
    setDisabled,
    resetMfa,
    endAll,
    endOne,
    remove,
    resend,
    revoke,
  } = useUserDetail(params.userId ?? '');

  if (loadError && !user) {
    return (
      <AdminLayout title="User">
        <NonIdealState title={loadError} action={<Button text="Back to users" onClick={back} />} />
      </AdminLayout>
    );
  }
  if (!user) {
    return (
      <AdminLayout title="User">
        <Spinner />
      </AdminLayout>
    );
  }

  const actions = canWrite && (
    <>
      {user.status === 'invited' && (
        <Button text="Resend invitation" disabled={action.busy} onClick={() => void resend()} />
      )}
      {user.status === 'invited' && (
        <Button text="Revoke invitation" intent="danger" disabled={action.busy} onClick={() => void revoke()} />
      )}
      {!isSelf &&
        (user.disabled || user.locked ? (
          <Button text="Enable" disabled={action.busy} onClick={() => void setDisabled(false)} />
        ) : (
          <Button text="Disable" intent="warning" disabled={action.busy} onClick={() => void setDisabled(true)} />
        ))}
      {user.totpEnabled && (
        <Button text="Reset MFA" intent="warning" disabled={action.busy} onClick={() => void resetMfa()} />
      )}
      {!isSelf && <Button text="Delete" intent="danger" disabled={action.busy} onClick={() => void remove()} />}
    </>
  );

  return (
    <AdminLayout title={user.email} actions={actions}>
      {action.error && (
        <Callout intent="danger" role="alert">
          {action.error}
        </Callout>
      )}
      {invitation && <InvitationLink invitation={invitation} />}
      {isSelf && canWrite && (
        <p className={Classes.TEXT_MUTED}>
          This is your own account: you cannot disable, delete or strip it of user management.
        </p>
      )}
      <HTMLTable compact className="admin-section" aria-label="Details">
        <tbody>
          <tr>
            <th>Status</th>
            <td>
              <UserStatusTags user={user} />
            </td>
          </tr>
          <tr>
            <th>Identities</th>
            <td data-testid="identities">
              {user.identities.length ? user.identities.map((i) => METHOD_LABELS[i] ?? i).join(', ') : 'None yet'}
            </td>
          </tr>
          <tr>
            <th>Allowed sign-in methods</th>
            <td>
              {user.allowedLoginMethods.length
                ? user.allowedLoginMethods.map((m) => METHOD_LABELS[m] ?? m).join(', ')
                : 'Password'}
            </td>
          </tr>
          <tr>
            <th>Two-factor authentication</th>
            <td>{user.totpEnabled ? 'On' : 'Off'}</td>
          </tr>
          <tr>
            <th>Created</th>
            <td>{format(user.createdAt)}</td>
          </tr>
          <tr>
            <th>Last sign-in</th>
            <td>{user.lastLoginAt ? format(user.lastLoginAt) : 'Never'}</td>
          </tr>
        </tbody>
      </HTMLTable>

      <section className="admin-section" aria-label="Permissions">
        <H4>Permissions</H4>
        {catalogue.data ? (
          <PermissionEditor
            catalogue={catalogue.data}
            value={permissions}
            onChange={setDraft}
            held={perms}
            readOnly={!canWrite}
            locked={isSelf ? [USER_WRITE] : []}
            lockedReason={isSelf ? SELF_STRIP_REASON : undefined}
          />
        ) : (
          <PermissionNames permissions={user.permissions} />
        )}
        {canWrite && (
          <div className="admin-actions">
            <Button
              intent="primary"
              text="Save permissions"
              disabled={!dirty || !!draftError || action.busy}
              onClick={() => void savePermissions()}
            />
            {dirty && <Button text="Discard changes" variant="minimal" onClick={() => setDraft(null)} />}
            {draftError && <span role="alert">{draftError}</span>}
          </div>
        )}
        {canWrite && (
          <p className={Classes.TEXT_MUTED}>
            Saving ends the user's sessions, so the change applies at their next sign-in.
          </p>
        )}
      </section>

      <section className="admin-section" aria-label="Sessions">
        <div className="admin-content-header">
          <H4>Sessions</H4>
          {endOwn && (sessions.data?.some((s) => !s.current) ?? false) && (
            <Button size="small" text="End all sessions" disabled={action.busy} onClick={() => void endAll()} />
          )}
        </div>
        {sessions.error && <Callout intent="danger">{sessions.error}</Callout>}
        {sessions.data && (
          <SessionsTable
            sessions={sessions.data}
            busy={action.busy}
            onEnd={endOwn ? (s) => void endOne(s.id) : undefined}
          />
        )}
      </section>
    </AdminLayout>
  );
}
