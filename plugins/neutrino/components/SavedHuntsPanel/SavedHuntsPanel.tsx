import { Button, Callout, Classes, HTMLTable, Intent, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';

import { count } from '@common/format/count';
import { errorText } from '@core/http/errorText';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { useLoader } from '@core/react/useLoader';
import { useMutation } from '@core/react/useMutation';
import { useService } from '@core/react/useService';
import { BreakableText } from '@core/ui/BreakableText/BreakableText';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import { NeutrinoApiToken, type SavedHunt } from '../../api/NeutrinoApi';
import { neutrinoKeys } from '../../hooks/neutrinoKeys';
import { MODE_LABELS } from '../../logic/kinds';
import type { NeutrinoAccess } from '../../neutrinoAccess';
import { DeviceName } from '../DeviceName/DeviceName';

const describeHunt = (h: SavedHunt) =>
  h.hunt ? `${MODE_LABELS[h.hunt.mode]} “${h.hunt.value}”` : `Sweep of ${count(h.indicators, 'indicator')}`;

/** Saved hunts: each runs again on every new inspection and daily; its matches, newest first. */
export function SavedHuntsPanel({ access }: { access: NeutrinoAccess }) {
  const api = useService(NeutrinoApiToken);
  const when = useDateTimeFormatter();
  const hunts = useLoader(neutrinoKeys.savedHunts(), () => api.savedHunts(), { describe: errorText });
  const [open, setOpen] = useState<string | null>(null);
  const matches = useLoader(open ? neutrinoKeys.matches(open) : null, () => api.matches(open!), {
    describe: errorText,
  });
  const remove = useMutation((id: string) => api.deleteSavedHunt(id), {
    describe: errorText,
    invalidates: [neutrinoKeys.savedHunts()],
  });
  if (hunts.error) return <Callout intent={Intent.DANGER}>{hunts.error}</Callout>;
  if (hunts.data?.length === 0)
    return (
      <NonIdealState
        title="No saved hunt"
        description="Hunt or sweep, then save it: it runs again on every new inspection."
      />
    );
  return (
    <div>
      {remove.error && <Callout intent={Intent.DANGER}>{remove.error}</Callout>}
      <TableScroll label="Saved hunts">
        <HTMLTable compact striped>
          <thead>
            <tr>
              <th>Name</th>
              <th>Looks for</th>
              <th>Matches</th>
              <th>Devices</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {(hunts.data ?? []).map((h) => (
              <tr key={h.id} data-testid="saved-hunt">
                <td>{h.name}</td>
                <td>{describeHunt(h)}</td>
                <td>{h.matches}</td>
                <td>{h.devices}</td>
                <td>
                  <Button
                    size="small"
                    text={open === h.id ? 'Hide matches' : 'Matches'}
                    onClick={() => setOpen(open === h.id ? null : h.id)}
                  />
                  {access.save && (
                    <Button
                      size="small"
                      variant="minimal"
                      intent={Intent.DANGER}
                      text="Delete"
                      onClick={() => void remove.run(h.id)}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </TableScroll>
      {open && matches.data && (
        <TableScroll label="Matches of the saved hunt">
          <p className={Classes.TEXT_MUTED}>{matches.data.length === 0 ? 'No match yet.' : 'Matches, newest first:'}</p>
          {matches.data.length > 0 && (
            <HTMLTable compact striped>
              <thead>
                <tr>
                  <th>Device</th>
                  <th>Value</th>
                  <th>Evidence</th>
                  <th>Found</th>
                </tr>
              </thead>
              <tbody>
                {matches.data.map((m) => (
                  <tr key={m.id}>
                    <td>
                      <DeviceName id={m.deviceId} name={m.deviceDisplayName} canOpen={access.openDevice} />
                    </td>
                    <td>
                      <span className="neutrino-value">
                        <BreakableText>{m.value}</BreakableText>
                      </span>
                    </td>
                    <td>
                      {m.source ?? ''}
                      {m.line !== null ? `:${m.line}` : ''}
                    </td>
                    <td>{when(m.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
        </TableScroll>
      )}
    </div>
  );
}
