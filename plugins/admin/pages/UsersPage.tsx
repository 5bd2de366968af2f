import { Button, Callout, HTMLTable, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';

import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { useAccess } from '@core/permissions/useAccess';
import type { PageProps } from '@core/plugin/PluginManifest';
import { useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import { adminAccess } from '../adminAccess';
import { AdminApiToken, type UserSort } from '../api/AdminApi';
import { AdminLayout } from '../components/AdminLayout/AdminLayout';
import { AdminLink } from '../components/AdminLink/AdminLink';
import { Pager } from '../components/Pager/Pager';
import { UserStatusTags } from '../components/UserStatusTags/UserStatusTags';
import { pageParam, useQueryState } from '../hooks/useQueryState';
import { apiMessage } from '../logic/apiMessage';

export const USERS_PAGE_SIZE = 25;
const KEYS = ['q', 'page', 'sort', 'order'] as const;
const SORTS: readonly UserSort[] = ['email', 'status', 'totpEnabled', 'lastLoginAt', 'createdAt'];
/** Typing waits this long before the search runs (one request per pause, not per key). */
const SEARCH_DEBOUNCE_MS = 250;

/** /admin/users (the plugin's root): the tenant's users, searched, sorted and paged on the server. */
export default function UsersPage(_props: PageProps) {
  const api = useService(AdminApiToken);
  const nav = useService(NavigationServiceToken);
  const format = useDateTimeFormatter();
  const { canWrite } = useAccess(adminAccess);
  const [query, setQuery] = useQueryState(KEYS);
  const page = pageParam(query.page);
  const sort = (SORTS as readonly string[]).includes(query.sort) ? (query.sort as UserSort) : 'email';
  const order = query.order === 'desc' ? 'desc' : 'asc';
  const [typed, setTyped] = useState(query.q);

  useEffect(() => {
    if (typed === query.q) return;
    const timer = setTimeout(() => setQuery({ q: typed.trim() ? typed : '', page: '' }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, query.q, setQuery]);

  const users = useLoader(
    JSON.stringify([page, query.q, sort, order]),
    () => api.getUsers({ page, size: USERS_PAGE_SIZE, search: query.q.trim() || undefined, sort, order }),
    {
      describe: apiMessage,
    },
  );

  const sortBy = (column: UserSort) =>
    setQuery({
      sort: column === 'email' ? '' : column,
      order: sort === column && order === 'asc' ? 'desc' : '',
      page: '',
    });
  const header = (column: UserSort, label: string) => (
    <th aria-sort={sort === column ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" onClick={() => sortBy(column)}>
        {label} {sort === column && <span aria-hidden="true">{order === 'asc' ? '▲' : '▼'}</span>}
      </button>
    </th>
  );

  return (
    <AdminLayout
      title="Users"
      actions={
        canWrite && <Button intent="primary" text="Invite user" onClick={() => nav.navigate('/admin/users/invite')} />
      }
    >
      <div className="admin-toolbar">
        <InputGroup
          type="search"

          placeholder="Search by e-mail"
          aria-label="Search users"
          value={typed}
          maxLength={254}
          onChange={(e) => setTyped(e.currentTarget.value)}
        />
        {users.loading && <Spinner size={16} />}
      </div>
      {users.error && <Callout intent="danger">{users.error}</Callout>}
      {users.data && users.data.items.length === 0 ? (
        <NonIdealState title="No users match" />
      ) : (
        users.data && (
          <>
            <TableScroll label="Users">
              <HTMLTable compact striped interactive className="admin-table" aria-label="Users">
                <thead>
                  <tr>
                    {header('email', 'E-mail')}
                    {header('status', 'Status')}
                    {header('totpEnabled', 'MFA')}
                    {header('lastLoginAt', 'Last sign-in')}
                  </tr>
                </thead>
                <tbody>
                  {users.data.items.map((u) => (
                    <tr key={u.id} data-testid="user-row">
                      <td>
                        <AdminLink to={`/admin/users/${u.id}`}>{u.email}</AdminLink>
                      </td>
                      <td>
                        <UserStatusTags user={u} />
                      </td>
                      <td>{u.totpEnabled ? 'On' : 'Off'}</td>
                      <td>{u.lastLoginAt ? format(u.lastLoginAt) : 'Never'}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </TableScroll>
            <Pager
              page={page}
              size={USERS_PAGE_SIZE}
              total={users.data.total}
              onPrevious={page > 0 ? () => setQuery({ page: page > 1 ? String(page - 1) : '' }) : null}
              onNext={
                (page + 1) * USERS_PAGE_SIZE < users.data.total ? () => setQuery({ page: String(page + 1) }) : null
              }
            />
          </>
        )
      )}
    </AdminLayout>
  );
}
