import { appleModelLabel, deviceDisplayName } from '@common/devices/appleModels';
import { Button, ButtonGroup, Callout, Classes, H2, H4, HTMLTable, Tab, Tabs } from '@blueprintjs/core';
import { Refresh } from '@blueprintjs/icons';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import type { PageProps } from '@core/plugin/PluginManifest';
import { useObservable, useService } from '@core/react';
import type { IncidentSummary } from '../api/GluonApi';
import { CrashExplorer } from '../components/CrashExplorer/CrashExplorer';
import { DeviceFiles } from '../components/DeviceFiles/DeviceFiles';
import { GluonLink } from '../components/GluonLink/GluonLink';
import { InspectionsTable } from '../components/InspectionsTable/InspectionsTable';
import { ProcessExplorer } from '../components/ProcessExplorer/ProcessExplorer';
import { StatusTag } from '../components/StatusTag/StatusTag';
import { useDeviceDetail } from '../hooks/useDeviceDetail';
import { GluonAccessServiceToken } from '../services/GluonAccessService';

function Incidents({ incidents }: { incidents: readonly IncidentSummary[] }) {
  const formatDate = useDateTimeFormatter();
  if (!incidents.length) return <p className={Classes.TEXT_MUTED}>No incident: nothing matched the enabled rule sets.</p>;
  return (
    <HTMLTable compact striped style={{ width: '100%' }} aria-label="Incidents">
      <thead>
        <tr>
          <th>Family</th>
          <th>State</th>
          <th>Findings</th>
          <th>Updated</th>
        </tr>
      </thead>
      <tbody>
        {incidents.map((i) => (
          <tr key={i.id} data-testid="incident-row">
            <td>
              <GluonLink to={`/incident-management/${i.id}`}>{i.familyName}</GluonLink>
            </td>
            <td>
              <StatusTag status={i.state} />
            </td>
            <td>
              {i.activeFindings}
              {i.findings !== i.activeFindings && <span className={Classes.TEXT_MUTED}> ({i.findings - i.activeFindings} false positive)</span>}
            </td>
            <td>{formatDate(i.updatedAt)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/** /devices/{deviceId}: incidents, inspections over time, and the explorers the token allows (spec §6). */
export default function DevicePage({ params }: PageProps) {
  const deviceId = params.deviceId ?? '';
  const service = useService(GluonAccessServiceToken);
  const access = useObservable(service.access$, service.access());
  const { detail, rescan, report, message } = useDeviceDetail(deviceId, access.readReports);
  const formatDate = useDateTimeFormatter();
  const data = detail.data;
  if (!access.readReports) {
    return (
      <section className="gluon-device-page" style={{ padding: 24 }}>
        <H2>Device {deviceId}</H2>
        <p>Your account cannot view devices.</p>
      </section>
    );
  }
  return (
    <section className="gluon-device-page" style={{ padding: 24 }}>
      <H2>{data ? deviceDisplayName(data.device.name) : `Device ${deviceId}`}</H2>
      {detail.error && <Callout intent="danger">{detail.error}</Callout>}
      {data && (
        <>
          <p className={Classes.TEXT_MUTED}>
            {[appleModelLabel(data.device.modelCode), data.device.osVersion, data.device.lastInspectionAt && `last inspected ${formatDate(data.device.lastInspectionAt)}`]
              .filter(Boolean)
              .join(' · ')}{' '}
            <StatusTag status={data.device.severity} />
          </p>
          <ButtonGroup>
            {access.rescan && <Button icon={<Refresh />} text="Rescan" onClick={() => void rescan()} />}
            <Button text="Report JSON" onClick={() => report('json')} />
            <Button text="Report CSV" onClick={() => report('csv')} />
            <Button text="STIX sightings" onClick={() => report('stix')} />
          </ButtonGroup>
          {message && <p role="status">{message}</p>}
          <Tabs id="device-tabs" renderActiveTabPanelOnly>
            <Tab id="incidents" title={`Incidents (${data.incidents.length})`} panel={<Incidents incidents={data.incidents} />} />
            <Tab id="inspections" title="Inspections" panel={<InspectionsTable inspections={data.inspections} />} />
            {access.processExplorer && <Tab id="processes" title="Process explorer" panel={<ProcessExplorer deviceId={deviceId} />} />}
            {access.crashExplorer && <Tab id="crashes" title="Crash explorer" panel={<CrashExplorer deviceId={deviceId} />} />}
            {access.downloadFiles && <Tab id="files" title="Files" panel={<DeviceFiles deviceId={deviceId} />} />}
          </Tabs>
        </>
      )}
      {!data && !detail.error && <H4 className={Classes.SKELETON}>Loading</H4>}
    </section>
  );
}
