import { Classes, H2, H5, InputGroup } from '@blueprintjs/core';
import { Search } from '@blueprintjs/icons';

import { rulesRepositoryPaths } from '@common/globalrulesrepository/paths';
import { gluonPaths } from '@common/gluon/paths';
import { monitoringPaths } from '@common/monitoring/paths';
import { useAccess } from '@core/permissions/useAccess';
import type { PageProps } from '@core/plugin/PluginManifest';

import { DevicesTable } from '../components/DevicesTable/DevicesTable';
import { GluonLink } from '../components/GluonLink/GluonLink';
import { IncidentQueue } from '../components/IncidentQueue/IncidentQueue';
import { LandingOverview } from '../components/LandingOverview/LandingOverview';
import { ListPager } from '../components/ListPager/ListPager';
import { gluonAccess } from '../gluonAccess';
import { DEVICES_PAGE_SIZE, useDevices } from '../hooks/useDevices';

function Devices() {
  const { search, setSearch, page, onPrevious, onNext, devices } = useDevices();
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
          onPrevious={onPrevious}
          onNext={onNext}
        />
      )}
    </section>
  );
}

/**
 * Product root of gluon: what an analyst opens first — open incidents by severity, the
 * latest inspections and the incidents across devices, then the devices. Someone who can only
 * upload or configure is led to the page they can use.
 */
export default function GluonPage(_props: PageProps) {
  const access = useAccess(gluonAccess);
  const leads = [
    access.upload && (
      <GluonLink key="upload" to={gluonPaths.upload()}>
        Upload files for inspection
      </GluonLink>
    ),
    access.readConfig && (
      <GluonLink key="rules" to={rulesRepositoryPaths.home()}>
        Rule sets
      </GluonLink>
    ),
    // The fleet's risk and incidents over time are monitoring's charts (another product's address).
    access.monitoring && (
      <GluonLink key="monitoring" to={monitoringPaths.home()}>
        Fleet charts in Monitoring
      </GluonLink>
    ),
  ].filter(Boolean);
  return (
    <section className="gluon-page" style={{ padding: 24, minWidth: 0 }}>
      <H2>Gluon</H2>
      <p className={Classes.TEXT_MUTED}>Crash, process and file inspection.</p>
      {leads.length > 0 && (
        <nav
          aria-label="Gluon actions"
          data-testid="gluon-leads"
          style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 16px' }}
        >
          {leads}
        </nav>
      )}
      {access.readReports && (
        <>
          <LandingOverview />
          <IncidentQueue />
          <H5 style={{ marginTop: 24 }}>Devices</H5>
          <Devices />
        </>
      )}
      {!access.readReports && !leads.length && (
        <p className={Classes.TEXT_MUTED}>No inspection tool is enabled for your account.</p>
      )}
    </section>
  );
}
