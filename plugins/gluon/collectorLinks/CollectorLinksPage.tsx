import { Button, Callout, Classes, H2, H4, HTMLTable, InputGroup, NonIdealState, Tag } from '@blueprintjs/core';
import { Fragment, useEffect, useState } from 'react';
import { HttpServiceToken } from '@core/http/HttpService';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { PermissionsServiceToken } from '@core/permissions/PermissionsService';
import type { PageProps } from '@core/plugin/PluginManifest';
import { useObservable } from '@core/react/useObservable';
import { useService } from '@core/react/useService';
import { canReadCollectorLinks, canWriteCollectorLinks } from '../permissions/checks';
import { getCollectorLinks } from './api/getCollectorLinks';
import { patchCollectorLink } from './api/patchCollectorLink';
import { postQuickLink } from './api/postQuickLink';
import type { LinkPage, LinkSort } from './api/types';
import { LinkInstalls } from './components/LinkInstalls/LinkInstalls';
import { NewLinkForm } from './components/NewLinkForm/NewLinkForm';
import { callMessage, STATUS_LABELS } from './linkForm';
import './collectorLinks.css';

export const LINKS_PAGE_SIZE = 20;
const SORTS: readonly LinkSort[] = ['createdAt', 'name', 'installs', 'expiresAt'];

/** A URL shown with Copy and Open (every link opens the public collector wizard). */
function ShareableLink({ label, url }: { label: string; url: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Callout intent="success" title={label} className="collector-links-section">
      <code className="collector-links-url" data-testid="shared-url">
        {url}
      </code>
      <div className="collector-links-row">
        <Button size="small" text={copied ? 'Copied' : 'Copy link'} onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))} />
        <a href={url} target="_blank" rel="noopener noreferrer">
          Open the collector page
        </a>
      </div>
    </Callout>
  );
}

/**
 * /gluon/collector-links: the tenant's shared collector links (filter, sort and page on the
 * server, in the query string), create, disable / enable, installs, and one-OS quick links.
 */
export default function CollectorLinksPage(_props: PageProps) {
  const http = useService(HttpServiceToken);
  const nav = useService(NavigationServiceToken);
  const permissions = useService(PermissionsServiceToken);
  const perms = useObservable(permissions.perms$, permissions.perms());
  const format = useDateTimeFormatter();
  const search = new URLSearchParams(useObservable(nav.search$, nav.search()));
  const filter = search.get('filter') ?? '';
  const page = Math.max(0, Number.parseInt(search.get('page') ?? '0', 10) || 0);
  const sort = (SORTS as readonly string[]).includes(search.get('sort') ?? '') ? (search.get('sort') as LinkSort) : undefined;
  const order = search.get('order') === 'asc' || search.get('order') === 'desc' ? (search.get('order') as 'asc' | 'desc') : undefined;
  const canRead = canReadCollectorLinks(perms);
  const canWrite = canWriteCollectorLinks(perms);

  const [typed, setTyped] = useState(filter);
  const [data, setData] = useState<LinkPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const [shared, setShared] = useState<{ label: string; url: string } | null>(null);
  const [openInstalls, setOpenInstalls] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const setQuery = (patch: Record<string, string>) => {
    const next = new URLSearchParams(nav.search());
    for (const [k, v] of Object.entries(patch)) (v ? next.set(k, v) : next.delete(k));
    const q = next.toString();
    nav.navigate(`/gluon/collector-links${q ? `?${q}` : ''}`, { replace: true });
  };

  useEffect(() => {
    if (typed === filter) return;
    const timer = setTimeout(() => setQuery({ filter: typed.trim(), page: '' }), 250);
    return () => clearTimeout(timer);
  });

  useEffect(() => {
    if (!canRead) return;
    let live = true;
    getCollectorLinks(http, { page, size: LINKS_PAGE_SIZE, filter: filter || undefined, sort, order }).then(
      (answer) => live && (setData(answer), setError(null)),
      (e: unknown) => live && setError(callMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [http, canRead, page, filter, sort, order, tick]);

  if (!canRead) {
    return (
      <section className="collector-links">
        <H2>Collector links</H2>
        <Callout intent="warning">Collector links need a gln#ext# permission (or inspection admin).</Callout>
      </section>
    );
  }

  const toggle = async (id: string, active: boolean) => {
    if (busyId) return;
    setBusyId(id);
    try {
      await patchCollectorLink(http, id, { active });
      setTick((t) => t + 1);
    } catch (e) {
      setError(callMessage(e));
    } finally {
      setBusyId(null);
    }
  };
  const quick = async (os: 'WIN' | 'MAC') => {
    try {
      setShared({ label: `Quick link for ${os === 'WIN' ? 'Windows' : 'macOS'} (valid 7 days)`, url: await postQuickLink(http, os) });
    } catch (e) {
      setError(callMessage(e));
    }
  };
  const sortBy = (column: LinkSort) => setQuery({ sort: column, order: sort === column && order !== 'desc' ? 'desc' : 'asc', page: '' });
  const th = (column: LinkSort, label: string) => (
    <th aria-sort={sort === column ? (order === 'desc' ? 'descending' : 'ascending') : 'none'}>
      <button type="button" className="collector-links-sort" onClick={() => sortBy(column)}>
        {label} {sort === column ? (order === 'desc' ? '▼' : '▲') : ''}
      </button>
    </th>
  );
  const lastPage = data ? Math.max(0, Math.ceil(data.total / LINKS_PAGE_SIZE) - 1) : 0;

  return (
    <section className="collector-links">
      <H2>Collector links</H2>
      <p className={Classes.TEXT_MUTED}>Anyone with a link fills in their details and downloads the connector for Windows or macOS.</p>
      {canWrite && (
        <div className="collector-links-section">
          <H4>New link</H4>
          <NewLinkForm
            onCreated={({ link, url }) => {
              setShared({ label: `Link ${link.name ?? ''} created: copy it now, it is shown only once`, url });
              setTick((t) => t + 1);
            }}
          />
          <div className="collector-links-row">
            <Button text="Quick link for Windows" onClick={() => void quick('WIN')} />
            <Button text="Quick link for macOS" onClick={() => void quick('MAC')} />
          </div>
        </div>
      )}
      {shared && <ShareableLink label={shared.label} url={shared.url} />}
      <div className="collector-links-row">
        <InputGroup type="search" placeholder="Filter by name" aria-label="Filter links" value={typed} maxLength={200} onChange={(e) => setTyped(e.currentTarget.value)} />
      </div>
      {error && (
        <Callout intent="danger" role="alert">
          {error}
        </Callout>
      )}
      {data && data.items.length === 0 && <NonIdealState title={filter ? 'No links match' : 'No collector links yet'} />}
      {data && data.items.length > 0 && (
        <HTMLTable compact striped className="collector-links-table" aria-label="Collector links">
          <thead>
            <tr>
              {th('name', 'Name')}
              <th>Status</th>
              {th('installs', 'Installs')}
              {th('expiresAt', 'Expires')}
              {th('createdAt', 'Created')}
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {data.items.map((link) => (
              <Fragment key={link.id}>
                <tr data-testid="link-row">
                  <td>{link.name ?? <span className={Classes.TEXT_MUTED}>Unnamed</span>}</td>
                  <td>
                    <Tag minimal intent={STATUS_LABELS[link.status]?.intent ?? 'none'}>
                      {STATUS_LABELS[link.status]?.text ?? link.status}
                    </Tag>
                  </td>
                  <td>
                    {link.installs} / {link.maxInstalls ?? '∞'}
                  </td>
                  <td>{link.expiresAt ? format(link.expiresAt) : 'Never'}</td>
                  <td>{format(link.createdAt)}</td>
                  <td className="collector-links-row">
                    <Button size="small" variant="minimal" text={openInstalls === link.id ? 'Hide installs' : 'Show installs'} onClick={() => setOpenInstalls(openInstalls === link.id ? null : link.id)} />
                    {canWrite && (
                      <Button size="small" variant="minimal" text={link.active ? 'Disable' : 'Enable'} disabled={busyId !== null} onClick={() => void toggle(link.id, !link.active)} />
                    )}
                  </td>
                </tr>
                {openInstalls === link.id && (
                  <tr>
                    <td colSpan={6}>
                      <LinkInstalls linkId={link.id} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {data && data.total > LINKS_PAGE_SIZE && (
        <div className="collector-links-row">
          <span>
            Page {page + 1} of {lastPage + 1}
          </span>
          <Button size="small" text="Previous" disabled={page === 0} onClick={() => setQuery({ page: page - 1 ? String(page - 1) : '' })} />
          <Button size="small" text="Next" disabled={page >= lastPage} onClick={() => setQuery({ page: String(page + 1) })} />
        </div>
      )}
      <p className={Classes.TEXT_MUTED}>A link's address is shown once, when it is created: the server keeps only its hash. Create a new link to share again.</p>
    </section>
  );
}
