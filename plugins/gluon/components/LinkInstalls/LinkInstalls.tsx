import { Callout, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';

import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';

import { GluonApiToken } from '../../api/GluonApi';
import { gluonKeys } from '../../hooks/gluonKeys';
import { callMessage } from '../../logic/linkForm';

/** LinkInstallsProps: the link (by id) whose installs to list. */
export interface LinkInstallsProps {
  linkId: string;
}

const OS_NAMES: Record<string, string> = { WIN: 'Windows', MAC: 'macOS' };

/** Who installed through a link: full name, e-mail, phone, OS and time. */
export function LinkInstalls({ linkId }: LinkInstallsProps) {
  const api = useService(GluonApiToken);
  const format = useDateTimeFormatter();
  const { data: installs, error } = useLoader(gluonKeys.linkInstalls(linkId), () => api.getLinkInstalls(linkId), {
    describe: callMessage,
  });
  if (error) return <Callout intent="danger">{error}</Callout>;
  if (!installs) return <Spinner size={20} />;
  if (installs.length === 0) return <NonIdealState title="No installs yet" />;
  return (
    <HTMLTable compact aria-label="Installs">
      <thead>
        <tr>
          <th>Full name</th>
          <th>E-mail</th>
          <th>Phone</th>
          <th>OS</th>
          <th>Time</th>
        </tr>
      </thead>
      <tbody>
        {installs.map((i) => (
          <tr key={i.id} data-testid="install-row">
            <td>{i.fullName}</td>
            <td>{i.email}</td>
            <td>{i.phone ?? '—'}</td>
            <td>{OS_NAMES[i.os] ?? i.os}</td>
            <td>{format(i.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
