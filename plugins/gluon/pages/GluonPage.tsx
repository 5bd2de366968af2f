import { Classes, H2, H5, InputGroup } from '@blueprintjs/core';
import { Search } from '@blueprintjs/icons';
import type { PageProps } from '@core/plugin/PluginManifest';
import { useObservable, useService } from '@core/react';
import { DevicesTable } from '../components/DevicesTable/DevicesTable';
import { GluonLink } from '../components/GluonLink/GluonLink';
import { ListPager } from '../components/ListPager/ListPager';
import { DEVICES_PAGE_SIZE, useDevices } from '../hooks/useDevices';
import { GluonAccessServiceToken, type GluonAccess } from '../services/GluonAccessService';

const TOOLS: ReadonlyArray<readonly [keyof GluonAccess, string]> = [
  ['newInspection', 'New inspection'],
  ['downloadFiles', 'File downloads'],
  ['crashExplorer', 'Crash explorer'],
  ['processExplorer', 'Process explorer'],
  ['rescan', 'Rescan'],
  ['readConfig', 'Configuration'],
];

function Devices() {
  const { search, setSearch, page, setPage, devices } = useDevices();
  return (
    <section aria-label="Devices list">
      <InputGroup
        leftIcon={<Search />}
        placeholder="Search model, OS version, name"
        aria-label="Search devices"
        value={search}
        onValueChange={setSearch}
        style={{ maxWidth: 360, marginBottom: 8 }}
      />
      {devices.error && <p className={Classes.TEXT_MUTED}>{devices.error}</p>}
      {devices.data && <DevicesTable devices={devices.data.items} searched={search.trim() !== ''} />}
      {devices.data && (
        <ListPager
          page={page}
          size={DEVICES_PAGE_SIZE}
          total={devices.data.total}
          totalCapped={devices.data.totalCapped}
          previous="Previous"
          next="Next"
          counted="devices"
          onPage={setPage}
        />
      )}
    </section>
  );
}

/** Product root of gluon: the devices (searchable, paged on the server) and the tools this token enables. */
export default function GluonPage(_props: PageProps) {
  const service = useService(GluonAccessServiceToken);
  const access = useObservable(service.access$, service.access());
  const tools = TOOLS.filter(([key]) => access[key]);
  return (
    <section className="gluon-page" style={{ padding: 24 }}>
      <H2>Gluon</H2>
      <p className={Classes.TEXT_MUTED}>Crash, process and file inspection.</p>
      {access.upload && (
        <p>
          <GluonLink to="/gluon/upload">Upload files for inspection</GluonLink>
        </p>
      )}
      {access.readReports && <Devices />}
      <H5 style={{ marginTop: 24 }}>Your tools</H5>
      {tools.length ? (
        <ul aria-label="Gluon tools" data-testid="gluon-tools">
          {tools.map(([key, label]) => (
            <li key={key}>{label}</li>
          ))}
        </ul>
      ) : (
        <p className={Classes.TEXT_MUTED}>No inspection tool is enabled for your account.</p>
      )}
    </section>
  );
}
