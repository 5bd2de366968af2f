import './IncidentPage.css';

import { Callout, Classes, H2, H4 } from '@blueprintjs/core';

import { count } from '@common/format/count';
import { gluonPaths } from '@common/gluon/paths';
import { neutrinoPaths } from '@common/neutrino/paths';
import { useAccess } from '@core/permissions/useAccess';
import type { PageProps } from '@core/plugin/PluginManifest';
import { PageBreadcrumbs } from '@core/ui/PageBreadcrumbs/PageBreadcrumbs';

import type { Evidence } from '../api/GluonApi';
import { EvidenceTable } from '../components/EvidenceTable/EvidenceTable';
import { GluonLink } from '../components/GluonLink/GluonLink';
import { IncidentTimeline } from '../components/IncidentTimeline/IncidentTimeline';
import { StatusTag } from '../components/StatusTag/StatusTag';
import { TriageForm } from '../components/TriageForm/TriageForm';
import { gluonAccess } from '../gluonAccess';
import { useIncident } from '../hooks/useIncident';

/** /incident-management/{incidentId}: evidence, timeline and triage of one family's findings on one device. */
export default function IncidentPage({ params }: PageProps) {
  const incidentId = params.incidentId ?? '';
  const access = useAccess(gluonAccess);
  const { incident, triage, falsePositive } = useIncident(incidentId, access.readReports);
  const data = incident.data;
  if (!access.readReports) {
    return (
      <section className="gluon-incident-page">
        <H2>Incident {incidentId}</H2>
        <p>Your account cannot view incidents.</p>
      </section>
    );
  }
  return (
    <section className="gluon-incident-page">
      {/* Outside /gluon in the address: the trail says where the page sits. */}
      <PageBreadcrumbs
        items={[
          { text: 'Gluon', to: '/gluon' },
          ...(data ? [{ text: data.deviceDisplayName, to: gluonPaths.device(data.deviceId) }] : []),
          { text: data ? data.familyName : `Incident ${incidentId}` },
        ]}
      />
      <H2>{data ? `${data.familyName} on ${data.deviceDisplayName}` : `Incident ${incidentId}`}</H2>
      {incident.error && <Callout intent="danger">{incident.error}</Callout>}
      {data && (
        <>
          <p className="gluon-incident-summary">
            <StatusTag status={data.state} /> {count(data.activeFindings, 'active finding')} ·{' '}
            <GluonLink to={gluonPaths.device(data.deviceId)}>Open the device</GluonLink>
          </p>
          <H4>Evidence</H4>
          <EvidenceTable
            evidence={data.evidence}
            {...(access.triage ? { onFalsePositive: falsePositive.run } : {})}
            {...(access.hunt ? { otherDevicesPath: (f: Evidence) => neutrinoPaths.indicatorCampaign(f.value) } : {})}
          />
          {access.triage && (
            <>
              <H4 style={{ marginTop: 24 }}>Triage</H4>
              <TriageForm key={data.state} state={data.state} onSave={triage.run} />
            </>
          )}
          <H4 style={{ marginTop: 24 }}>Timeline</H4>
          <IncidentTimeline events={data.timeline} />
        </>
      )}
      {!data && !incident.error && <p className={Classes.SKELETON}>Loading</p>}
    </section>
  );
}
