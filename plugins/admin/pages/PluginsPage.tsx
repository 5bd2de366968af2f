import { Button, Callout, Card, Classes, FileInput, H3, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';

import { formatSize } from '@core/locale/formatSize';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { useAccess } from '@core/permissions/useAccess';
import type { PageProps } from '@core/plugin/PluginManifest';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import { adminAccess } from '../adminAccess';
import { AdminLayout } from '../components/AdminLayout/AdminLayout';
import { useRuntimePlugins } from '../hooks/useRuntimePlugins';

/**
 * /admin/plugins: the plugins installed into the running console (third parties' signed
 * packages, docs/runtime-plugins.md), installing a package and removing one. Users see a new one
 * on their next navigation; nobody rebuilds or restarts anything.
 */
export default function PluginsPage(_props: PageProps) {
  const plugins = useRuntimePlugins();
  const { runtimePluginsWrite } = useAccess(adminAccess);
  const format = useDateTimeFormatter();
  const [file, setFile] = useState<File | null>(null);
  const list = plugins.list.data;
  const install = async () => {
    if (file && (await plugins.install(file))) setFile(null);
  };
  return (
    <AdminLayout title="Plugins" actions={plugins.list.loading && <Spinner size={16} />}>
      <p className={Classes.TEXT_MUTED}>
        Plugins signed by a trusted key add pages to this console without a new release. The users whose permissions a
        plugin requires see it on their next navigation.
      </p>
      {plugins.list.error && (
        <Callout intent="danger" role="alert">
          {plugins.list.error}
        </Callout>
      )}
      {runtimePluginsWrite && (
        <Card className="admin-section">
          <H3>Install a plugin</H3>
          <FileInput
            text={file ? file.name : 'Choose a .consoleplugin.tgz package…'}
            buttonText="Browse"
            inputProps={{ accept: '.tgz,application/gzip', 'aria-label': 'Plugin package' }}
            onInputChange={(event) => {
              plugins.action.clearError();
              setFile(event.currentTarget.files?.[0] ?? null);
            }}
          />{' '}
          <Button
            intent="primary"
            text="Install"
            disabled={!file}
            loading={plugins.action.busy}
            onClick={() => void install()}
          />
          {plugins.action.error && (
            <Callout intent="danger" role="alert" title="Not installed">
              {plugins.action.error}
            </Callout>
          )}
        </Card>
      )}
      {list && list.items.length === 0 && (
        <NonIdealState title="No plugin installed" description="Only the console's own modules are available." />
      )}
      {list && list.items.length > 0 && (
        <TableScroll label="Installed plugins">
          <HTMLTable compact striped className="admin-table" aria-label="Installed plugins">
            <thead>
              <tr>
                <th>Plugin</th>
                <th>Version</th>
                <th>Pages</th>
                <th>Signed by</th>
                <th>Installed</th>
                <th>Size</th>
                {runtimePluginsWrite && <th aria-label="Actions" />}
              </tr>
            </thead>
            <tbody>
              {list.items.map((item) => (
                <tr key={item.id}>
                  <td>
                    {item.title} <span className={Classes.TEXT_MUTED}>({item.id})</span>
                  </td>
                  <td>{item.version}</td>
                  <td>{item.routes.join(', ')}</td>
                  <td>{list.keys.find((key) => key.keyId === item.keyId)?.name ?? item.keyId}</td>
                  <td>
                    {format(item.installedAt)}
                    {item.installedBy ? ` by ${item.installedBy}` : ' (operator CLI)'}
                  </td>
                  <td>{formatSize(item.sizeBytes)}</td>
                  {runtimePluginsWrite && (
                    <td>
                      <Button
                        size="small"
                        intent="danger"
                        text="Remove"
                        aria-label={`Remove ${item.title}`}
                        disabled={plugins.action.busy}
                        onClick={() => void plugins.remove(item)}
                      />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </TableScroll>
      )}
      {list && (
        <Card className="admin-section">
          <H3>Trusted signing keys</H3>
          {list.keys.length === 0 ? (
            <p className={Classes.TEXT_MUTED}>
              No key is trusted yet: an operator adds one with npm run admin -- plugin trust FILE.pub.
            </p>
          ) : (
            <ul>
              {list.keys.map((key) => (
                <li key={key.keyId}>
                  {key.name} <code>{key.keyId}</code>, added {format(key.addedAt)}
                </li>
              ))}
            </ul>
          )}
        </Card>
      )}
    </AdminLayout>
  );
}
