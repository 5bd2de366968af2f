import './collectorLinks.css';

import { Button, Callout, Classes, H2, H4, HTMLTable, InputGroup, NonIdealState, Tag } from '@blueprintjs/core';
import { Download } from '@blueprintjs/icons';
import { Fragment, useState } from 'react';

import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { useAccess } from '@core/permissions/useAccess';
import type { PageProps } from '@core/plugin/PluginManifest';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import type { LinkSort } from '../api/GluonApi';
import { LinkInstalls } from '../components/LinkInstalls/LinkInstalls';
import { NewLinkForm } from '../components/NewLinkForm/NewLinkForm';
import { gluonAccess } from '../gluonAccess';
import { LINKS_PAGE_SIZE, useCollectorLinks } from '../hooks/useCollectorLinks';
import { STATUS_LABELS } from '../logic/linkForm';

/** A URL shown with Copy and Open (every link opens the public collector wizard). */
function ShareableLink({ label, url }: { label: string; url: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Callout intent="success" title={label} className="collector-links-section">
      <code className="collector-links-url" data-testid="shared-url">
        {url}
      </code>
      <div className="collector-links-row">
        <Button
          size="small"
          text={copied ? 'Copied' : 'Copy link'}
          onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
        />
        <a href={url} target="_blank" rel="noopener noreferrer">
          Open the collector page
        </a>
      </div>
    </Callout>
  );
}

/**
 * /gluon/collector-links: the tenant's shared collector links (filter, sort and page on the
 * server, in the query string), create, disable / enable, installs, each link's installer
 * download, and one-OS quick links.
 */
export default function CollectorLinksPage(_props: PageProps) {
  const format = useDateTimeFormatter();
  const { readCollectorLinks: canRead, writeCollectorLinks: canWrite } = useAccess(gluonAccess);
  const {
    filter,
    page,
    sort,
    order,
    typed,
    setTyped,
    data,
    error,
    shared,
    busy,
    lastPage,
    setPage,
    sortBy,
    toggle,
    quick,
    created,
    installer,
    download,
  } = useCollectorLinks(canRead);
  const [openInstalls, setOpenInstalls] = useState<string | null>(null);

  if (!canRead) {
    return (
      <section className="collector-links">
        <H2>Collector links</H2>
        <Callout intent="warning">Collector links need a gln#ext# permission (or inspection admin).</Callout>
      </section>
    );
  }

  const th = (column: LinkSort, label: string) => (
    <th aria-sort={sort === column ? (order === 'desc' ? 'descending' : 'ascending') : 'none'}>
      <button type="button" className="collector-links-sort" onClick={() => sortBy(column)}>
        {label} {sort === column ? (order === 'desc' ? '▼' : '▲') : ''}
      </button>
    </th>
  );

  return (
    <section className="collector-links">
      <H2>Collector links</H2>
      <p className={Classes.TEXT_MUTED}>
        Anyone with a link fills in their details and downloads the connector for Windows or macOS.
      </p>
      {canWrite && (
        <div className="collector-links-section">
          <H4>New link</H4>
          <NewLinkForm onCreated={created} />
          <div className="collector-links-row">
            <Button text="Quick link for Windows" onClick={() => void quick('WIN')} />
            <Button text="Quick link for macOS" onClick={() => void quick('MAC')} />
          </div>
        </div>
      )}
      {shared && <ShareableLink label={shared.label} url={shared.url} />}
      <div className="collector-links-row">
        <InputGroup
          type="search"
          placeholder="Filter by name"
          aria-label="Filter links"
          value={typed}
          maxLength={200}
          onChange={(e) => setTyped(e.currentTarget.value)}
        />
      </div>
      {error && (
        <Callout intent="danger" role="alert">
          {error}
        </Callout>
      )}
      {/* An installer download the user started, from "Preparing…" to its end (the failure's reason is above). */}
      {download && download.phase !== 'failed' && (
        <Callout
          compact
          intent={download.phase === 'done' ? 'success' : 'primary'}
          role="status"
          data-testid="installer-download"
        >
          {download.line}
        </Callout>
      )}
      {data && data.items.length === 0 && (
        <NonIdealState title={filter ? 'No links match' : 'No collector links yet'} />
      )}
      {data && data.items.length > 0 && (
        <TableScroll label="Collector links">
          <HTMLTable compact striped className="collector-links-table" aria-label="Collector links">
            <thead>
              <tr>
                {th('name', 'Name')}
                <th>Status</th>
                {th('installs', 'Installs')}
                {th('expiresAt', 'Expires')}
                {th('createdAt', 'Created')}
                <th>Actions</th>
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
                    {/* The cell stays a table cell (a flex cell left the row); its buttons flow inside it. */}
                    <td>
                      <div className="collector-links-actions">
                        <Button
                          size="small"
                          variant="minimal"
                          text={openInstalls === link.id ? 'Hide installs' : 'Show installs'}
                          onClick={() => setOpenInstalls(openInstalls === link.id ? null : link.id)}
                        />
                        {/* Every reader (the page is gated above), as the API: the installer is not a change to the link. */}
                        <Button
                          size="small"
                          variant="minimal"
                          icon={<Download />}
                          text="Windows installer"
                          onClick={() => void installer(link.id, 'WIN')}
                        />
                        <Button
                          size="small"
                          variant="minimal"
                          icon={<Download />}
                          text="macOS installer"
                          onClick={() => void installer(link.id, 'MAC')}
                        />
                        {canWrite && (
                          <Button
                            size="small"
                            variant="minimal"
                            text={link.active ? 'Disable' : 'Enable'}
                            disabled={busy}
                            onClick={() => void toggle(link.id, !link.active)}
                          />
                        )}
                      </div>
                    </td>
                  </tr>
                  {openInstalls === link.id && (
                    <tr className="collector-links-installs" data-testid="link-installs-row">
                      <td colSpan={6}>
                        <LinkInstalls linkId={link.id} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </HTMLTable>
        </TableScroll>
      )}
      {data && data.total > LINKS_PAGE_SIZE && (
        <div className="collector-links-row">
          <span>
            Page {page + 1} of {lastPage + 1}
          </span>
          <Button size="small" text="Previous" disabled={page === 0} onClick={() => setPage(page - 1)} />
          <Button size="small" text="Next" disabled={page >= lastPage} onClick={() => setPage(page + 1)} />
        </div>
      )}
      <p className={Classes.TEXT_MUTED}>
        A link's address is shown once, when it is created: the server keeps only its hash. Create a new link to share
        again.
      </p>
    </section>
  );
}
