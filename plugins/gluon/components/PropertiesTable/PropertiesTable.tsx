import { Classes, HTMLTable, InputGroup } from '@blueprintjs/core';
import { Search } from '@blueprintjs/icons';
import { useState } from 'react';

import { count } from '@common/format/count';
import { errorText } from '@core/http/errorText';
import { useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import { GluonApiToken } from '../../api/GluonApi';
import { gluonKeys } from '../../hooks/gluonKeys';

/** PropertiesTableProps: the Android device whose properties and settings are listed. */
export interface PropertiesTableProps {
  deviceId: string;
}

/** An Android device's system properties (getprop) and settings with their values and where each was read, searched on the server. */
export function PropertiesTable({ deviceId }: PropertiesTableProps) {
  const api = useService(GluonApiToken);
  const [search, setSearch] = useState('');
  const properties = useLoader(gluonKeys.properties(deviceId, search), () => api.getProperties(deviceId, search), {
    describe: errorText,
  });
  const page = properties.data;
  return (
    <div data-testid="properties">
      <InputGroup
        leftIcon={<Search />}
        placeholder="Search names and values"
        value={search}
        onValueChange={setSearch}
        aria-label="Search properties and settings"
        style={{ maxWidth: 360 }}
      />
      {properties.error && <p className={Classes.TEXT_MUTED}>{properties.error}</p>}
      {page && !page.inspectionId && (
        <p className={Classes.TEXT_MUTED}>No Android acquisition listed properties or settings for this device.</p>
      )}
      {page?.inspectionId && (
        <>
          <p className={Classes.TEXT_MUTED}>
            {count(page.total, 'property or setting', 'properties and settings')}
            {page.total > page.items.length && `, the first ${page.items.length} shown`}.
          </p>
          <TableScroll label="Properties and settings">
            <HTMLTable compact striped style={{ width: '100%' }} aria-label="Properties and settings">
              <thead>
                <tr>
                  <th>Name</th>
                  <th>Value</th>
                  <th>Kind</th>
                  <th>Source</th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((p) => (
                  <tr key={`${p.kind}/${p.name}`}>
                    <td style={{ wordBreak: 'break-word' }}>{p.name}</td>
                    <td style={{ wordBreak: 'break-all' }}>{p.value}</td>
                    <td>{p.kind === 'property' ? 'Property' : 'Setting'}</td>
                    <td className={Classes.TEXT_MUTED}>
                      {p.source.split('/').pop()}
                      {p.line !== null && `:${p.line}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </TableScroll>
        </>
      )}
    </div>
  );
}
