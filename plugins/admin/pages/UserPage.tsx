import { Button, Callout, Classes, H4, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { HttpServiceToken } from '@core/http/HttpService';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import type { PageProps } from '@core/plugin/PluginManifest';
import { useService } from '@core/react/useService';
import { deleteInvitation } from '../api/deleteInvitation';
import { deleteUser } from '../api/deleteUser';
import { deleteUserMfa } from '../api/deleteUserMfa';
import { deleteUserSession } from '../api/deleteUserSession';
import { deleteUserSessions } from '../api/deleteUserSessions';
import { getPermissionCatalogue } from '../api/getPermissionCatalogue';
import { getUser } from '../api/getUser';
import { getUserSessions } from '../api/getUserSessions';
import { postDisableUser } from '../api/postDisableUser';
import { postEnableUser } from '../api/postEnableUser';
import { postResendInvitation } from '../api/postResendInvitation';
import { putUserPermissions } from '../api/putUserPermissions';
import type { AdminUser, InvitationAnswer } from '../api/types';
import { AdminLayout } from '../components/AdminLayout/AdminLayout';
import { InvitationLink } from '../components/InvitationLink/InvitationLink';
import { PermissionEditor } from '../components/PermissionEditor/PermissionEditor';
import { SessionsTable } from '../components/SessionsTable/SessionsTable';
import { UserStatusTags } from '../components/UserStatusTags/UserStatusTags';
import { useAction } from '../hooks/useAction';
import { useAdminAccess } from '../hooks/useAdminAccess';
import { useConfirmedAction } from '../hooks/useConfirmedAction';
import { useLoad } from '../hooks/useLoad';
import { permissionsError } from '../logic/validators';

export const USER_WRITE = 'umg#usr#rw';
export const SELF_STRIP_REASON = 'You cannot remove your own user-management permission.';
const METHOD_LABELS: Record<string, string> = { password: 'Password', Google: 'Google', Okta: 'Okta', JamfAuth0: 'Jamf' };

/** /admin/users/:userId: identities, MFA, permissions and sessions of one user, and the writers' actions. */
export default function UserPage({ params }: PageProps) {
  const userId = params.userId ?? '';
  const http = useService(HttpServiceToken);
  const nav = useService(NavigationServiceToken);
  const format = useDateTimeFormatter();
  const { perms, canWrite, selfId } = useAdminAccess();
  const isSelf = selfId === userId;
  const loaded = useLoad(() => getUser(http, userId), userId);
  const catalogue = useLoad(() => getPermissionCatalogue(http), 'catalogue');
  const sessions = useLoad(() => getUserSessions(http, userId), userId);
  const action = useAction();
  const confirmed = useConfirmedAction(action);
  const [user, setUser] = useState<AdminUser>();
  const [draft, setDraft] = useState<string[] | null>(null);
  const [invitation, setInvitation] = useState<InvitationAnswer | null>(null);

  useEffect(() => setUser(loaded.data), [loaded.data]);

  if (loaded.error && !user) {
    return (
      <AdminLayout title="User">
        <NonIdealState title={loaded.error} action={<Button text="Back to users" onClick={() => nav.navigate('/admin/users')} />} />
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

  const permissions = draft ?? user.permissions;
  const dirty = draft !== null && [...draft].sort().join() !== [...user.permissions].sort().join();
  const draftError = draft ? permissionsError(draft) : undefined;
  const endOwn = isSelf || canWrite;

  const savePermissions = async () => {
    if (!draft || draftError) return;
    const updated = await action.run(() => putUserPermissions(http, user.id, draft));
    if (updated) {
      setUser(updated);
      setDraft(null);
      sessions.reload();
    }
  };
  const setDisabled = async (disabled: boolean) => {
    const updated = disabled
      ? await confirmed(`Disable ${user.email}? Their sessions end at once.`, () => postDisableUser(http, user.id), { title: 'User disabled', message: user.email })
      : await action.run(() => postEnableUser(http, user.id));
    if (updated) {
      setUser(updated);
      sessions.reload();
    }
  };
  const resetMfa = async () => {
    const updated = await confirmed(`Reset two-factor authentication of ${user.email}? They sign in with the password alone until they set it up again.`, () => deleteUserMfa(http, user.id), {
      title: 'MFA reset',
      message: user.email,
    });
    if (updated) setUser(updated);
  };
  const endAll = async () => {
    const done = await confirmed(isSelf ? 'End all your other sessions?' : `End every session of ${user.email}?`, () => deleteUserSessions(http, user.id), { title: 'Sessions ended', message: user.email });
    if (done !== undefined) sessions.reload();
  };
  const endOne = async (sessionId: string) => {
    const done = await confirmed('End this session? Its device is signed out at once.', async () => deleteUserSession(http, user.id, sessionId).then(() => true), { title: 'Session ended', message: user.email });
    if (done) sessions.reload();
  };
  const remove = async () => {
    const done = await confirmed(`Delete ${user.email}? Their sessions, identities and invitations go with them.`, () => deleteUser(http, user.id).then(() => true), { title: 'User deleted', message: user.email });
    if (done) nav.navigate('/admin/users');
  };
  const resend = async () => {
    const answer = await action.run(() => postResendInvitation(http, user.id));
    if (answer) {
      setInvitation(answer);
      setUser(answer.user);
    }
  };
  const revoke = async () => {
    const done = await confirmed(`Revoke the invitation of ${user.email}? The link stops working and the invited user is removed.`, () => deleteInvitation(http, user.id).then(() => true), {
      title: 'Invitation revoked',
      message: user.email,
    });
    if (done) nav.navigate('/admin/users');
  };

  const actions = canWrite && (
    <>
      {user.status === 'invited' && <Button text="Resend invitation" disabled={action.busy} onClick={() => void resend()} />}
      {user.status === 'invited' && <Button text="Revoke invitation" intent="danger" disabled={action.busy} onClick={() => void revoke()} />}
      {!isSelf && (user.disabled || user.locked ? <Button text="Enable" disabled={action.busy} onClick={() => void setDisabled(false)} /> : <Button text="Disable" intent="warning" disabled={action.busy} onClick={() => void setDisabled(true)} />)}
      {user.totpEnabled && <Button text="Reset MFA" intent="warning" disabled={action.busy} onClick={() => void resetMfa()} />}
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
      {isSelf && canWrite && <p className={Classes.TEXT_MUTED}>This is your own account: you cannot disable, delete or strip it of user management.</p>}
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
            <td data-testid="identities">{user.identities.length ? user.identities.map((i) => METHOD_LABELS[i] ?? i).join(', ') : 'None yet'}</td>
          </tr>
          <tr>
            <th>Allowed sign-in methods</th>
            <td>{user.allowedLoginMethods.length ? user.allowedLoginMethods.map((m) => METHOD_LABELS[m] ?? m).join(', ') : 'Password'}</td>
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
          <code>{user.permissions.join(', ') || 'none'}</code>
        )}
        {canWrite && (
          <div className="admin-actions">
            <Button intent="primary" text="Save permissions" disabled={!dirty || !!draftError || action.busy} onClick={() => void savePermissions()} />
            {dirty && <Button text="Discard changes" variant="minimal" onClick={() => setDraft(null)} />}
            {draftError && <span role="alert">{draftError}</span>}
          </div>
        )}
        {canWrite && <p className={Classes.TEXT_MUTED}>Saving ends the user's sessions, so the change applies at their next sign-in.</p>}
      </section>

      <section className="admin-section" aria-label="Sessions">
        <div className="admin-content-header">
          <H4>Sessions</H4>
          {endOwn && (sessions.data?.some((s) => !s.current) ?? false) && <Button size="small" text="End all sessions" disabled={action.busy} onClick={() => void endAll()} />}
        </div>
        {sessions.error && <Callout intent="danger">{sessions.error}</Callout>}
        {sessions.data && <SessionsTable sessions={sessions.data} busy={action.busy} onEnd={endOwn ? (s) => void endOne(s.id) : undefined} />}
      </section>
    </AdminLayout>
  );
}
