import { Button, HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';

import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import type { UserSession } from '../../api/AdminApi';
import { describeDevice } from '../../logic/describeDevice';

/**
 * SessionsTableProps: `sessions` newest first; `onEnd` ends one (absent: no action column, for
 * readers looking at someone else's); `busy` disables the buttons while a call runs.
 */
export interface SessionsTableProps {
  sessions: readonly UserSession[];
  onEnd?: (session: UserSession) => void;
  busy?: boolean;
}

export function SessionsTable({ sessions, onEnd, busy = false }: SessionsTableProps) {
  const format = useDateTimeFormatter();
  if (sessions.length === 0) return <NonIdealState title="No active sessions" />;
  return (
    <TableScroll label="Sessions">
      <HTMLTable compact striped className="admin-table" aria-label="Sessions">
        <thead>
          <tr>
            <th>Device</th>
            <th>Address</th>
            <th>Signed in with</th>
            <th>Started</th>
            <th>Last seen</th>
            {onEnd && <th aria-label="Actions" />}
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <tr key={s.id} data-testid="session-row">
              <td>
                {describeDevice(s.userAgent)}{' '}
                {s.current && (
                  <Tag minimal intent="primary">
                    this session
                  </Tag>
                )}
              </td>
              <td>{s.ip ?? '—'}</td>
              <td>{s.provider}</td>
              <td>{format(s.createdAt)}</td>
              <td>{format(s.lastSeenAt)}</td>
              {onEnd && (
                <td>
                  {!s.current && (
                    <Button
                      size="small"
                      intent="danger"
                      variant="minimal"
                      text="End"
                      disabled={busy}
                      onClick={() => onEnd(s)}
                    />
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </TableScroll>
  );
}
