import { Button, Callout, Classes, Spinner } from '@blueprintjs/core';

import type { PageProps } from '@core/plugin/PluginManifest';
import { useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';

import { AdminApiToken } from '../api/AdminApi';
import { AdminLayout } from '../components/AdminLayout/AdminLayout';
import { SessionsTable } from '../components/SessionsTable/SessionsTable';
import { useAction } from '../hooks/useAction';
import { useConfirmedAction } from '../hooks/useConfirmedAction';
import { useSelfId } from '../hooks/useSelfId';
import { apiMessage } from '../logic/apiMessage';

/** /admin/sessions: the signed-in administrator's own sessions; any reader may end their own. */
export default function MySessionsPage(_props: PageProps) {
  const api = useService(AdminApiToken);
  const selfId = useSelfId();
  const sessions = useLoader(selfId ?? '', () => (selfId ? api.getUserSessions(selfId) : Promise.resolve([])), {
    describe: apiMessage,
  });
  const action = useAction();
  const confirmed = useConfirmedAction(action);
  if (!selfId)
    return (
      <AdminLayout title="My sessions">
        {<Callout intent="warning">Your session carries no user id.</Callout>}
      </AdminLayout>
    );

  const endOne = async (id: string) => {
    if (
      await confirmed(
        'End this session? Its device is signed out at once.',
        () => api.endSession(selfId, id).then(() => true),
        {
          title: 'Session ended',
          message: 'The device is signed out.',
        },
      )
    )
      sessions.reload();
  };
  const endOthers = async () => {
    if (
      (await confirmed('End all your other sessions?', () => api.endSessions(selfId), {
        title: 'Sessions ended',
        message: 'Only this session is left.',
      })) !== undefined
    )
      sessions.reload();
  };
  const others = sessions.data?.some((s) => !s.current) ?? false;
  return (
    <AdminLayout
      title="My sessions"
      actions={
        others && <Button text="End all other sessions" disabled={action.busy} onClick={() => void endOthers()} />
      }
    >
      <p className={Classes.TEXT_MUTED}>
        Every device signed in as you. End one you do not recognise, and change your password.
      </p>
      {action.error && (
        <Callout intent="danger" role="alert">
          {action.error}
        </Callout>
      )}
      {sessions.error && <Callout intent="danger">{sessions.error}</Callout>}
      {sessions.loading && !sessions.data && <Spinner />}
      {sessions.data && <SessionsTable sessions={sessions.data} busy={action.busy} onEnd={(s) => void endOne(s.id)} />}
    </AdminLayout>
  );
}
