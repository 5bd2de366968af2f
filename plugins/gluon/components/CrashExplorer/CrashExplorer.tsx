import { Button, Classes, HTMLTable, Pre } from '@blueprintjs/core';
import { useState } from 'react';

import { errorText } from '@core/http/errorText';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import { type CrashRow, GluonApiToken } from '../../api/GluonApi';
import { gluonKeys } from '../../hooks/gluonKeys';

/** CrashExplorerProps: the device whose crash reports are listed. */
export interface CrashExplorerProps {
  deviceId: string;
}

/** The device's .ips reports and Android tombstones with the processes they name; one opens as formatted text (gln#cre#r). */
export function CrashExplorer({ deviceId }: CrashExplorerProps) {
  const api = useService(GluonApiToken);
  const formatDate = useDateTimeFormatter();
  const crashes = useLoader(gluonKeys.crashes(deviceId), () => api.getCrashes(deviceId), { describe: errorText });
  const [chosen, setChosen] = useState<CrashRow | null>(null);
  // The answer carries its crash: while the next one loads, the heading stays with the text shown.
  const content = useLoader(
    chosen && gluonKeys.crashContent(deviceId, chosen.inspectionId, chosen.path),
    async () => (chosen ? { crash: chosen, text: readable(await api.getCrashContent(deviceId, chosen)) } : null),
    { describe: errorText },
  );
  const open = content.data;
  const error = content.error;
  return (
    <div data-testid="crash-explorer">
      {crashes.error && <p className={Classes.TEXT_MUTED}>{crashes.error}</p>}
      {crashes.data && !crashes.data.length && <p className={Classes.TEXT_MUTED}>No crash report.</p>}
      {!!crashes.data?.length && (
        <TableScroll label="Crash reports">
          <HTMLTable compact striped style={{ width: '100%' }} aria-label="Crash reports">
            <thead>
              <tr>
                <th>Report</th>
                <th>Date</th>
                <th>Processes</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {crashes.data.map((c) => (
                <tr key={`${c.inspectionId}/${c.path}`}>
                  <td>{c.path.split('/').pop()}</td>
                  <td>{formatDate(c.at ?? c.uploadedAt)}</td>
                  <td>{c.error ?? c.processes.join(', ')}</td>
                  <td>
                    <Button size="small" text="Open" onClick={() => setChosen(c)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </TableScroll>
      )}
      {error && <p className={Classes.TEXT_MUTED}>{error}</p>}
      {open && (
        <section aria-label={`Crash report ${open.crash.path.split('/').pop()}`}>
          <h4>{open.crash.path}</h4>
          <Pre style={{ maxHeight: 480, overflow: 'auto' }}>{open.text}</Pre>
        </section>
      )}
    </div>
  );
}

/** An .ips is a JSON header line and a JSON body: each is indented for reading; other text as is. */
export function readable(text: string): string {
  const newline = text.indexOf('\n');
  if (newline < 0) return text;
  try {
    const header = JSON.stringify(JSON.parse(text.slice(0, newline)), null, 2);
    const body = JSON.stringify(JSON.parse(text.slice(newline + 1)), null, 2);
    return `${header}\n\n${body}`;
  } catch {
    return text;
  }
}
