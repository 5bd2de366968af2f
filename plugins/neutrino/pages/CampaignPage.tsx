import '../neutrino.css';

import { Button, Callout, Classes, H2, H4, HTMLTable, Intent, Spinner, Tag } from '@blueprintjs/core';
import { ArrowLeft } from '@blueprintjs/icons';

import { platformName } from '@common/devices/platformName';
import { count } from '@common/format/count';
import { gluonPaths } from '@common/gluon/paths';
import { neutrinoPaths } from '@common/neutrino/paths';
import { errorText } from '@core/http/errorText';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { useAccess } from '@core/permissions/useAccess';
import type { PageProps } from '@core/plugin/PluginManifest';
import { useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';
import { AppLink } from '@core/ui/AppLink/AppLink';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import { NeutrinoApiToken } from '../api/NeutrinoApi';
import { DeviceName } from '../components/DeviceName/DeviceName';
import { neutrinoKeys } from '../hooks/neutrinoKeys';
import { useDayFormatter } from '../hooks/useDayFormatter';
import { neutrinoAccess } from '../neutrinoAccess';

const STATE_INTENTS: Record<string, Intent> = {
  open: Intent.DANGER,
  confirmed: Intent.WARNING,
  benign: Intent.SUCCESS,
  false_positive: Intent.NONE,
};
const STATE_NAMES: Record<string, string> = {
  open: 'Open',
  confirmed: 'Confirmed',
  benign: 'Benign',
  false_positive: 'False positive',
};

/** /neutrino/campaigns/family/:familyId and …/indicator/:indicator: one campaign across the fleet. */
export default function CampaignPage({ params }: PageProps) {
  const api = useService(NeutrinoApiToken);
  const navigation = useService(NavigationServiceToken);
  const access = useAccess(neutrinoAccess);
  const when = useDateTimeFormatter();
  const { offset, day } = useDayFormatter();
  const by = params.familyId ? 'family' : 'indicator';
  const value = params.familyId ?? params.indicator ?? '';
  const campaign = useLoader(
    access.hunt && value ? neutrinoKeys.campaign(by, value, offset) : null,
    () => api.campaign(by === 'family' ? { familyId: value, offset } : { indicator: value, offset }),
    {
      describe: errorText,
    },
  );
  const data = campaign.data;
  const busiest = Math.max(1, ...(data?.timeline.map((t) => t.devices) ?? [1]));
  return (
    <section className="neutrino-page">
      <Button
        variant="minimal"
        icon={<ArrowLeft />}
        text="Back to hunting"
        onClick={() => navigation.navigate(neutrinoPaths.home())}
      />
      <H2>{data?.family ? `Campaign: ${data.family.name}` : `Indicator: ${value}`}</H2>
      {!access.hunt && <Callout intent={Intent.WARNING}>Your account has no threat-hunting permission.</Callout>}
      {campaign.error && <Callout intent={Intent.DANGER}>{campaign.error}</Callout>}
      {campaign.loading && !data && <Spinner size={24} />}
      {data && (
        <>
          <p className={Classes.TEXT_MUTED}>
            {data.devices.length === 0
              ? 'No device has seen it.'
              : `Seen on ${count(data.devices.length, 'device')}, first seen ${when(data.firstSeen!)}, last seen ${when(data.lastSeen!)}.`}
          </p>
          {data.devices.length > 0 && (
            <TableScroll label="Devices">
              <HTMLTable compact striped>
                <thead>
                  <tr>
                    <th>Device</th>
                    <th>First seen</th>
                    <th>Last seen</th>
                    <th>Sightings</th>
                    <th>Incidents</th>
                  </tr>
                </thead>
                <tbody>
                  {data.devices.map((d) => (
                    <tr key={d.device.id} data-testid="campaign-device">
                      <td>
                        <DeviceName id={d.device.id} name={d.device.displayName} canOpen={access.openDevice} />{' '}
                        <Tag minimal>{platformName(d.device.platform)}</Tag>
                      </td>
                      <td>{when(d.firstSeen)}</td>
                      <td>{when(d.lastSeen)}</td>
                      <td>{d.sightings}</td>
                      <td>
                        {d.incidents.map((i) => (
                          <Tag key={i.id} intent={STATE_INTENTS[i.state] ?? Intent.NONE} minimal>
                            {access.openDevice ? (
                              <AppLink to={gluonPaths.incident(i.id)}>{i.familyName}</AppLink>
                            ) : (
                              i.familyName
                            )}
                            : {STATE_NAMES[i.state] ?? i.state}
                            {i.owner ? ` · ${i.owner}` : ''}
                          </Tag>
                        ))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </TableScroll>
          )}
          {data.timeline.length > 0 && (
            <>
              <H4>Timeline across the fleet</H4>
              <HTMLTable compact aria-label="Timeline">
                <tbody>
                  {data.timeline.map((t) => (
                    <tr key={t.day}>
                      <td>{day(t.day)}</td>
                      <td>
                        <span
                          className="neutrino-bar"
                          style={{ width: `${Math.round((t.devices / busiest) * 120)}px` }}
                        />{' '}
                        {count(t.devices, 'device')} ({count(t.sightings, 'sighting')})
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </>
          )}
        </>
      )}
    </section>
  );
}
