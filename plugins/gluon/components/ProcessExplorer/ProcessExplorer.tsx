import { Classes, HTMLTable, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { Search } from '@blueprintjs/icons';
import { useState } from 'react';

import { gluonPaths } from '@common/gluon/paths';
import { errorText } from '@core/http/errorText';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import { GluonApiToken } from '../../api/GluonApi';
import { gluonKeys } from '../../hooks/gluonKeys';
import { GluonLink } from '../GluonLink/GluonLink';

/** ProcessExplorerProps: the device whose processes are listed. */
export interface ProcessExplorerProps {
  deviceId: string;
}

/** Every process seen on the device, first and last seen, and the files it came from (gln#pre#r); those behind an incident are marked with a link to it. */
export function ProcessExplorer({ deviceId }: ProcessExplorerProps) {
  const api = useService(GluonApiToken);
  const formatDate = useDateTimeFormatter();
  const [search, setSearch] = useState('');
  const processes = useLoader(gluonKeys.processes(deviceId, search), () => api.getProcesses(deviceId, search), {
    describe: errorText,
  });
  return (
    <div data-testid="process-explorer">
      <InputGroup
        leftIcon={<Search />}
        placeholder="Search processes"
        value={search}
        onValueChange={setSearch}
        aria-label="Search processes"
        style={{ maxWidth: 320 }}
      />
      {processes.error && <p className={Classes.TEXT_MUTED}>{processes.error}</p>}
      {processes.data && (
        <TableScroll label="Processes">
          <HTMLTable compact striped style={{ width: '100%' }} aria-label="Processes">
            <thead>
              <tr>
                <th>Process</th>
                <th>First seen</th>
                <th>Last seen</th>
                <th>Source</th>
              </tr>
            </thead>
            <tbody>
              {processes.data.map((p) => (
                <tr key={p.name} data-incident={p.incidents.length > 0}>
                  <td>
                    {p.name}
                    {p.incidents.map((i) => (
                      <span key={i.id}>
                        {' '}
                        <Tag minimal intent={Intent.DANGER}>
                          <GluonLink to={gluonPaths.incident(i.id)}>Incident: {i.familyName}</GluonLink>
                        </Tag>
                      </span>
                    ))}
                  </td>
                  <td>{p.firstSeen ? formatDate(p.firstSeen) : ''}</td>
                  <td>{p.lastSeen ? formatDate(p.lastSeen) : ''}</td>
                  <td>{p.sources.map((s) => s.split('/').pop()).join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </TableScroll>
      )}
    </div>
  );
}
