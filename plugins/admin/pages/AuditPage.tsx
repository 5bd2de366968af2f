import { Button, Callout, FormGroup, HTMLTable, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';

import { auditActionText } from '@common/audit/auditActionText';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import {
  type CursorPosition,
  nextPosition,
  positionKey,
  previousPosition,
  shownIndex,
} from '@core/paging/cursorPaging';
import type { PageProps } from '@core/plugin/PluginManifest';
import { useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import { AdminApiToken, type AuditFilter } from '../api/AdminApi';
import { AdminLayout } from '../components/AdminLayout/AdminLayout';
import { AuditTarget } from '../components/AuditTarget/AuditTarget';
import { Pager } from '../components/Pager/Pager';
import { useAction } from '../hooks/useAction';
import { pageParam, useQueryState } from '../hooks/useQueryState';
import { apiMessage } from '../logic/apiMessage';
import { dayRange } from '../logic/dayRange';

export const AUDIT_PAGE_SIZE = 50;
/** A new filter starts on the first page. */
const FIRST = { page: '', after: '', before: '' };
// `page` is the page's number as counted while paging; `after` / `before` the cursor that reads it (the API's keyset paging).
const KEYS = ['actor', 'action', 'from', 'to', 'page', 'after', 'before'] as const;

/** /admin/audit: every audited event, newest first, filtered and paged on the server, exported as CSV. */
export default function AuditPage(_props: PageProps) {
  const api = useService(AdminApiToken);
  const format = useDateTimeFormatter();
  const [query, setQuery] = useQueryState(KEYS);
  const [actor, setActor] = useState(query.actor);
  const [actionPrefix, setActionPrefix] = useState(query.action);
  const at: CursorPosition = {
    index: pageParam(query.page),
    after: query.after || undefined,
    before: query.before || undefined,
  };
  const range = dayRange(query.from, query.to);
  const filter: AuditFilter = {
    actor: query.actor || undefined,
    action: query.action || undefined,
    from: range.from,
    to: range.to,
  };
  // Each answer carries the position it was read at: the shown page stays while the next loads, and paging goes on from it.
  const loaded = useLoader(
    JSON.stringify([filter, positionKey(at), range.error]),
    () =>
      range.error
        ? Promise.reject(new Error(range.error))
        : api
            .getAuditEvents({ ...filter, size: AUDIT_PAGE_SIZE, after: at.after, before: at.before })
            .then((page) => ({ page, at })),
    { describe: apiMessage },
  );
  const events = { data: loaded.data?.page ?? null, error: loaded.error, loading: loaded.loading };
  const shownAt = loaded.data?.at ?? at;
  const go = (position: CursorPosition | null) =>
    position
      ? () =>
          setQuery({
            page: position.index ? String(position.index) : '',
            after: position.after ?? '',
            before: position.before ?? '',
          })
      : null;
  const exporting = useAction();

  useEffect(() => {
    const timer = setTimeout(() => {
      if (actor !== query.actor || actionPrefix !== query.action) setQuery({ actor, action: actionPrefix, ...FIRST });
    }, 250);
    return () => clearTimeout(timer);
  }, [actor, actionPrefix, query.actor, query.action, setQuery]);

  return (
    <AdminLayout
      title="Audit log"
      actions={
        <Button
          text="Export CSV"
          disabled={exporting.busy || !!range.error}
          onClick={() => void exporting.run(() => api.exportAuditCsv(filter))}
        />
      }
    >
      <div className="admin-toolbar">
        <FormGroup label="Actor" labelFor="audit-actor">
          <InputGroup
            id="audit-actor"
            placeholder="Part of an e-mail"
            value={actor}
            maxLength={254}
            onChange={(e) => setActor(e.currentTarget.value)}
          />
        </FormGroup>
        <FormGroup label="Action" labelFor="audit-action">
          <InputGroup
            id="audit-action"
            placeholder="e.g. user. or collectorLink."
            value={actionPrefix}
            maxLength={100}
            onChange={(e) => setActionPrefix(e.currentTarget.value)}
          />
        </FormGroup>
        <FormGroup label="From" labelFor="audit-from">
          <InputGroup
            id="audit-from"
            type="date"
            value={query.from}
            onChange={(e) => setQuery({ from: e.currentTarget.value, ...FIRST })}
          />
        </FormGroup>
        <FormGroup label="To" labelFor="audit-to">
          <InputGroup
            id="audit-to"
            type="date"
            value={query.to}
            onChange={(e) => setQuery({ to: e.currentTarget.value, ...FIRST })}
          />
        </FormGroup>
        {events.loading && <Spinner size={16} />}
      </div>
      {(range.error ?? events.error) && (
        <Callout intent="danger" role="alert">
          {range.error ?? events.error}
        </Callout>
      )}
      {exporting.error && <Callout intent="danger">{exporting.error}</Callout>}
      {events.data &&
        !range.error &&
        (events.data.items.length === 0 ? (
          <NonIdealState title="No events match" />
        ) : (
          <>
            <TableScroll label="Audit log">
              <HTMLTable compact striped className="admin-table" aria-label="Audit events">
                <thead>
                  <tr>
                    <th>Time</th>
                    <th>Action</th>
                    <th>Actor</th>
                    <th>Target</th>
                    <th>Address</th>
                  </tr>
                </thead>
                <tbody>
                  {events.data.items.map((e) => (
                    <tr key={e.id} data-testid="audit-row" title={JSON.stringify(e.details)}>
                      <td>{format(e.createdAt)}</td>
                      <td>
                        <span data-testid="audit-action" title={e.action}>
                          {auditActionText(e.action)}
                        </span>
                      </td>
                      <td>{e.actorEmail ?? e.actorId ?? '—'}</td>
                      <td>
                        <AuditTarget target={e.target} name={e.targetName} />
                      </td>
                      <td>{e.ip ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </TableScroll>
            <Pager
              page={shownIndex(shownAt, events.data)}
              size={AUDIT_PAGE_SIZE}
              total={events.data.total}
              totalCapped={events.data.totalCapped}
              shown={events.data.items.length}
              onPrevious={go(previousPosition(shownAt, events.data))}
              onNext={go(nextPosition(shownAt, events.data))}
            />
          </>
        ))}
    </AdminLayout>
  );
}
