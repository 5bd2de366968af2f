import { Card, Classes, H4, HTMLTable, Tag } from '@blueprintjs/core';

import { platformName } from '@common/devices/platformName';
import { count } from '@common/format/count';
import { gluonPaths } from '@common/gluon/paths';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { AppLink } from '@core/ui/AppLink/AppLink';
import { BreakableText } from '@core/ui/BreakableText/BreakableText';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import type { DeviceHits } from '../../api/NeutrinoApi';
import { KIND_LABELS } from '../../logic/kinds';
import { sightingsPhrase } from '../../logic/wording';
import { DeviceName } from '../DeviceName/DeviceName';

/** Hunt results, one card per device: when it was seen, how often, and the latest evidence. */
export function DeviceHitsList({ items, canOpen }: { items: DeviceHits[]; canOpen: boolean }) {
  const when = useDateTimeFormatter();
  return (
    <div className="neutrino-results">
      {items.map((hit) => (
        <Card key={hit.device.id} className="neutrino-device" data-testid="hunt-device">
          <H4>
            <DeviceName id={hit.device.id} name={hit.device.displayName} canOpen={canOpen} />{' '}
            <Tag minimal>{platformName(hit.device.platform)}</Tag>
          </H4>
          <p className={Classes.TEXT_MUTED}>
            First seen {when(hit.firstSeen)} · last seen {when(hit.lastSeen)} ·{' '}
            {sightingsPhrase(hit.observations, hit.occurrences)} in {count(hit.inspections, 'inspection')}
          </p>
          <TableScroll label={`Evidence on ${hit.device.displayName}`}>
            <HTMLTable compact striped>
              <thead>
                <tr>
                  <th>Kind</th>
                  <th>Value</th>
                  <th>Evidence</th>
                  <th>Last seen</th>
                  <th>Inspection</th>
                </tr>
              </thead>
              <tbody>
                {hit.evidence.map((e) => (
                  <tr key={`${e.inspectionId}|${e.kind}|${e.value}`}>
                    <td>{KIND_LABELS[e.kind as keyof typeof KIND_LABELS] ?? e.kind}</td>
                    <td>
                      <span className="neutrino-value">
                        <BreakableText>{e.value}</BreakableText>
                      </span>
                    </td>
                    <td>
                      {e.source}
                      {e.line !== null ? `:${e.line}` : ''}
                    </td>
                    <td>{when(e.lastSeen)}</td>
                    <td>
                      {canOpen ? (
                        <AppLink to={gluonPaths.device(hit.device.id, e.inspectionId)}>
                          {e.inspectionFile ?? 'Inspection'}
                        </AppLink>
                      ) : (
                        (e.inspectionFile ?? '—')
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </TableScroll>
          {hit.observations > hit.evidence.length && (
            <p className={Classes.TEXT_MUTED}>
              The latest {hit.evidence.length} shown; the CSV export has all {hit.observations}.
            </p>
          )}
        </Card>
      ))}
    </div>
  );
}
