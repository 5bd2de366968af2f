import './devicePage.css';

import { Button, ButtonGroup, Callout, Classes, H2, H4, HTMLTable, ProgressBar, Tab, Tabs } from '@blueprintjs/core';
import { Refresh } from '@blueprintjs/icons';

import { appleModelLabel } from '@common/devices/appleModels';
import { electronPaths } from '@common/electron/paths';
import { gluonPaths } from '@common/gluon/paths';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { useAccess } from '@core/permissions/useAccess';
import type { PageProps } from '@core/plugin/PluginManifest';
import { PageBreadcrumbs } from '@core/ui/PageBreadcrumbs/PageBreadcrumbs';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import type { DeviceDetail, IncidentSummary } from '../api/GluonApi';
import { CrashExplorer } from '../components/CrashExplorer/CrashExplorer';
import { DeviceFiles } from '../components/DeviceFiles/DeviceFiles';
import { DeviceLinks } from '../components/DeviceLinks/DeviceLinks';
import { DeviceWarnings } from '../components/DeviceWarnings/DeviceWarnings';
import { GluonLink } from '../components/GluonLink/GluonLink';
import { InspectionsTable } from '../components/InspectionsTable/InspectionsTable';
import { PackagesTable } from '../components/PackagesTable/PackagesTable';
import { ProcessExplorer } from '../components/ProcessExplorer/ProcessExplorer';
import { PropertiesTable } from '../components/PropertiesTable/PropertiesTable';
import { ReportExport } from '../components/ReportExport/ReportExport';
import { StatusTag } from '../components/StatusTag/StatusTag';
import { gluonAccess } from '../gluonAccess';
import { useDeviceDetail } from '../hooks/useDeviceDetail';
import { useDeviceTab } from '../hooks/useDeviceTab';

function Incidents({ incidents }: { incidents: readonly IncidentSummary[] }) {
  const formatDate = useDateTimeFormatter();
  if (!incidents.length)
    return <p className={Classes.TEXT_MUTED}>No incident: nothing matched the enabled rule sets.</p>;
  return (
    <TableScroll label="Incidents">
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
                <GluonLink to={gluonPaths.incident(i.id)}>{i.familyName}</GluonLink>
              </td>
              <td>
                <StatusTag status={i.state} />
              </td>
              <td>
                {i.activeFindings}
                {i.findings !== i.activeFindings && (
                  <span className={Classes.TEXT_MUTED}> ({i.findings - i.activeFindings} false positive)</span>
                )}
              </td>
              <td>{formatDate(i.updatedAt)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </TableScroll>
  );
}

/** The device's facts in one line: model, OS, patch level (Android), last inspection. */
function deviceFacts(device: DeviceDetail['device'], formatDate: (iso: string) => string): string {
  const android = device.platform === 'android';
  return [
    android ? device.modelCode : appleModelLabel(device.modelCode),
    device.osVersion,
    android && device.securityPatch && `security patch ${device.securityPatch}`,
    device.lastInspectionAt && `last inspected ${formatDate(device.lastInspectionAt)}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * /devices/{deviceId}: incidents with the heuristic warnings beside them, inspections over time,
 * an Android device's packages, properties and settings, and the explorers the token allows
 * (spec §6). The tab is in the address (`?tab=`).
 */
export default function DevicePage({ params }: PageProps) {
  const deviceId = params.deviceId ?? '';
  const access = useAccess(gluonAccess);
  const { detail, rescan, message, progress, rescanning } = useDeviceDetail(deviceId, access.readReports);
  const formatDate = useDateTimeFormatter();
  const data = detail.data;
  const android = data?.device.platform === 'android';
  const tabs = [
    'incidents',
    ...(android ? ['packages', 'properties'] : []),
    'links',
    'inspections',
    ...(access.processExplorer ? ['processes'] : []),
    ...(access.crashExplorer ? ['crashes'] : []),
    ...(access.downloadFiles ? ['files'] : []),
  ];
  const [tab, setTab] = useDeviceTab(tabs, 'incidents');
  if (!access.readReports) {
    return (
      <section className="gluon-device-page" style={{ padding: 24 }}>
        <H2>Device {deviceId}</H2>
        <p>Your account cannot view devices.</p>
      </section>
    );
  }
  const following = progress?.state === 'queued' || progress?.state === 'running';
  return (
    <section className="gluon-device-page" style={{ padding: 'clamp(12px, 4vw, 24px)', minWidth: 0 }}>
      <PageBreadcrumbs items={[{ text: 'Gluon', to: '/gluon' }, { text: data ? data.device.displayName : 'Device' }]} />
      <H2 style={{ overflowWrap: 'anywhere' }}>{data ? data.device.displayName : `Device ${deviceId}`}</H2>
      {detail.error && <Callout intent="danger">{detail.error}</Callout>}
      {data && (
        <>
          <p className={Classes.TEXT_MUTED} data-testid="device-facts" style={{ overflowWrap: 'anywhere' }}>
            {deviceFacts(data.device, formatDate)} <StatusTag status={data.device.severity} />
          </p>
          {/* One device, one page per product: a Mac's own views are electron's. */}
          {data.device.platform === 'macos' && access.readMacs && (
            <Callout intent="primary" className="gluon-device-mac" data-testid="device-mac-link">
              This is a Mac: what persists, what was granted, what ran and its storyline are on its{' '}
              <GluonLink to={electronPaths.mac(deviceId)}>page in Electron</GluonLink>.
            </Callout>
          )}
          <ButtonGroup style={{ flexWrap: 'wrap' }}>
            {access.rescan && (
              <Button
                icon={<Refresh />}
                text="Rescan"
                loading={rescanning}
                disabled={following}
                onClick={() => void rescan()}
              />
            )}
          </ButtonGroup>
          <ReportExport deviceId={deviceId} deviceName={data.device.name} />
          {message && (
            <div
              role="status"
              data-testid="rescan-status"
              data-state={progress?.state ?? 'error'}
              style={{ margin: '8px 0', maxWidth: 480 }}
            >
              <p style={{ margin: '0 0 4px' }}>{message}</p>
              {following && <ProgressBar intent="primary" aria-label="Rescan progress" />}
            </div>
          )}
          <Tabs
            id="device-tabs"
            renderActiveTabPanelOnly
            selectedTabId={tab}
            onChange={(next) => setTab(String(next))}
            className="gluon-device-tabs"
            fill={false}
          >
            <Tab
              id="incidents"
              title={`Incidents (${data.incidents.length})`}
              panel={
                <>
                  <Incidents incidents={data.incidents} />
                  <DeviceWarnings inspections={data.inspections} />
                </>
              }
            />
            {android && <Tab id="packages" title="Packages" panel={<PackagesTable deviceId={deviceId} />} />}
            {android && (
              <Tab id="properties" title="Properties and settings" panel={<PropertiesTable deviceId={deviceId} />} />
            )}
            <Tab id="links" title="Links and domains" panel={<DeviceLinks deviceId={deviceId} />} />
            <Tab id="inspections" title="Inspections" panel={<InspectionsTable inspections={data.inspections} />} />
            {access.processExplorer && (
              <Tab id="processes" title="Process explorer" panel={<ProcessExplorer deviceId={deviceId} />} />
            )}
            {access.crashExplorer && (
              <Tab id="crashes" title="Crash explorer" panel={<CrashExplorer deviceId={deviceId} />} />
            )}
            {access.downloadFiles && <Tab id="files" title="Files" panel={<DeviceFiles deviceId={deviceId} />} />}
          </Tabs>
        </>
      )}
      {!data && !detail.error && <H4 className={Classes.SKELETON}>Loading</H4>}
    </section>
  );
}
