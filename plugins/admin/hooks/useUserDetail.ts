import { useState } from 'react';

import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { useAccess } from '@core/permissions/useAccess';
import { usePermissionList } from '@core/permissions/usePermissionList';
import { useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';

import { adminAccess } from '../adminAccess';
import { AdminApiToken, type AdminUser, type InvitationAnswer } from '../api/AdminApi';
import { apiMessage } from '../logic/apiMessage';
import { permissionsError } from '../logic/validators';
import { useAction } from './useAction';
import { useConfirmedAction } from './useConfirmedAction';
import { useSelfId } from './useSelfId';

/**
 * One user's page: the user (kept current by every action's answer), the permission catalogue,
 * the sessions, the permissions being edited, and the writers' actions. Destructive ones ask
 * first (useConfirmedAction); a deleted or revoked user leads back to the list.
 */
export function useUserDetail(userId: string) {
  const api = useService(AdminApiToken);
  const nav = useService(NavigationServiceToken);
  const perms = usePermissionList();
  const { canWrite } = useAccess(adminAccess);
  const selfId = useSelfId();
  const isSelf = selfId === userId;
  const loaded = useLoader(userId, () => api.getUser(userId), { describe: apiMessage });
  const catalogue = useLoader('catalogue', () => api.getPermissionCatalogue(), { describe: apiMessage });
  const sessions = useLoader(userId, () => api.getUserSessions(userId), { describe: apiMessage });
  const action = useAction();
  const confirmed = useConfirmedAction(action);
  // Every action answers the user as it now is: that answer replaces the loaded one.
  const { data: user, set: setUser } = loaded;
  const [draft, setDraft] = useState<string[] | null>(null);
  const [invitation, setInvitation] = useState<InvitationAnswer | null>(null);

  const dirty = !!user && draft !== null && [...draft].sort().join() !== [...user.permissions].sort().join();
  const draftError = draft ? permissionsError(draft) : undefined;

  // Each action runs only once the user is loaded (the page offers none before).
  const withUser =
    <A extends unknown[]>(fn: (u: AdminUser, ...args: A) => Promise<void>) =>
    (...args: A) =>
      user ? fn(user, ...args) : Promise.resolve();

  return {
    perms,
    canWrite,
    isSelf,
    /** Whether this account may end the user's sessions: their own, or as a writer. */
    endOwn: isSelf || canWrite,
    loadError: loaded.error,
    user,
    catalogue,
    sessions,
    action,
    invitation,
    /** The permissions shown: the edit in progress, else the user's. */
    permissions: draft ?? user?.permissions ?? [],
    setDraft,
    dirty,
    draftError,
    back: () => nav.navigate('/admin/users'),
    savePermissions: withUser(async (u) => {
      if (!draft || draftError) return;
      const updated = await action.run(() => api.setPermissions(u.id, draft));
      if (updated) {
        setUser(updated);
        setDraft(null);
        sessions.reload();
      }
    }),
    setDisabled: withUser(async (u, disabled: boolean) => {
      const updated = disabled
        ? await confirmed(`Disable ${u.email}? Their sessions end at once.`, () => api.disableUser(u.id), {
            title: 'User disabled',
            message: u.email,
          })
        : await action.run(() => api.enableUser(u.id));
      if (updated) {
        setUser(updated);
        sessions.reload();
      }
    }),
    resetMfa: withUser(async (u) => {
      const updated = await confirmed(
        `Reset two-factor authentication of ${u.email}? They sign in with the password alone until they set it up again.`,
        () => api.resetMfa(u.id),
        {
          title: 'MFA reset',
          message: u.email,
        },
      );
      if (updated) setUser(updated);
    }),
    endAll: withUser(async (u) => {
      const done = await confirmed(
        isSelf ? 'End all your other sessions?' : `End every session of ${u.email}?`,
        () => api.endSessions(u.id),
        {
          title: 'Sessions ended',
          message: u.email,
        },
      );
      if (done !== undefined) sessions.reload();
    }),
    endOne: withUser(async (u, sessionId: string) => {
      const done = await confirmed(
        'End this session? Its device is signed out at once.',
        async () => api.endSession(u.id, sessionId).then(() => true),
        {
          title: 'Session ended',
          message: u.email,
        },
      );
      if (done) sessions.reload();
    }),
    remove: withUser(async (u) => {
      const done = await confirmed(
        `Delete ${u.email}? Their sessions, identities and invitations go with them.`,
        () => api.deleteUser(u.id).then(() => true),
        { title: 'User deleted', message: u.email },
        'Delete',
      );
      if (done) nav.navigate('/admin/users');
    }),
    resend: withUser(async (u) => {
      const answer = await action.run(() => api.resendInvitation(u.id));
      if (answer) {
        setInvitation(answer);
        setUser(answer.user);
      }
    }),
    revoke: withUser(async (u) => {
      const done = await confirmed(
        `Revoke the invitation of ${u.email}? The link stops working and the invited user is removed.`,
        () => api.revokeInvitation(u.id).then(() => true),
        {
          title: 'Invitation revoked',
          message: u.email,
        },
      );
      if (done) nav.navigate('/admin/users');
    }),
  };
}
