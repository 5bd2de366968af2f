import { Callout, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { HttpServiceToken } from '@core/http/HttpService';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { useService } from '@core/react/useService';
import { getLinkInstalls } from '../../api/getLinkInstalls';
import type { CollectorInstall } from '../../api/types';
import { callMessage } from '../../linkForm';

/** LinkInstallsProps: the link (by id) whose installs to list. */
export interface LinkInstallsProps {
  linkId: string;
}

const OS_NAMES: Record<string, string> = { WIN: 'Windows', MAC: 'macOS' };

/** Who installed through a link: full name, e-mail, phone, OS and time. */
export function LinkInstalls({ linkId }: LinkInstallsProps) {
  const http = useService(HttpServiceToken);
  const format = useDateTimeFormatter();
  const [installs, setInstalls] = useState<CollectorInstall[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    getLinkInstalls(http, linkId).then(
      (items) => live && setInstalls(items),
      (e: unknown) => live && setError(callMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [http, linkId]);
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
