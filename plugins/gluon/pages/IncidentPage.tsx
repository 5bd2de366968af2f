import './IncidentPage.css';

import { Callout, Classes, H2, H4 } from '@blueprintjs/core';

import { count } from '@common/format/count';
import { rulesRepositoryPaths } from '@common/globalrulesrepository/paths';
import { gluonPaths } from '@common/gluon/paths';
import { recommendedActionsFor } from '@common/incidents/recommendedActions';
import { neutrinoPaths } from '@common/neutrino/paths';
import { useAccess } from '@core/permissions/useAccess';
import type { PageProps } from '@core/plugin/PluginManifest';
import { PageBreadcrumbs } from '@core/ui/PageBreadcrumbs/PageBreadcrumbs';

import type { Evidence } from '../api/GluonApi';
import { EvidenceTable } from '../components/EvidenceTable/EvidenceTable';
import { GluonLink } from '../components/GluonLink/GluonLink';
import { IncidentOwnerField } from '../components/IncidentOwnerField/IncidentOwnerField';
import { IncidentTimeline } from '../components/IncidentTimeline/IncidentTimeline';
import { StatusTag } from '../components/StatusTag/StatusTag';
import { TriageForm } from '../components/TriageForm/TriageForm';
import { gluonAccess } from '../gluonAccess';
import { useIncident } from '../hooks/useIncident';

/** /incident-management/{incidentId}: evidence, timeline and triage of one family's findings on one device. */
export default function IncidentPage({ params }: PageProps) {
  const incidentId = params.incidentId ?? '';
  const access = useAccess(gluonAccess);
  const { incident, triage, falsePositive, undoFalsePositive, owner } = useIncident(incidentId, access.readReports);
  const data = incident.data;
  // Active findings only: a false positive needs no action.
  const actions = data ? recommendedActionsFor(data.evidence.filter((f) => !f.suppressed).map((f) => f.kind)) : [];
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
            Severity <StatusTag status={data.severity} /> · <StatusTag status={data.state} />{' '}
            {count(data.activeFindings, 'active finding')} ·{' '}
            <GluonLink to={gluonPaths.device(data.deviceId)}>Open the device</GluonLink>
          </p>
          <IncidentOwnerField owner={data.owner ?? null} change={access.triage ? owner : undefined} />
          <section aria-labelledby="gluon-incident-todo">
            <H4 id="gluon-incident-todo">What to do</H4>
            {actions.length > 0 ? (
              <ul className="gluon-incident-actions">
                {actions.map((a) => (
                  <li key={a.kind}>{a.action}</li>
                ))}
              </ul>
            ) : (
              <p className={Classes.TEXT_MUTED}>
                Nothing left to act on: every finding is marked a false positive.
                {/* Reopening the incident does not lift a false positive: its suppression does (for every device). */}
                {data.state === 'open' && data.findings > 0 && (
                  <>
                    {' '}
                    To act on one again, {access.triage ? 'undo it in the evidence below, or ' : ''}undo its suppression
                    in the <GluonLink to={rulesRepositoryPaths.home()}>Global rules repository</GluonLink>.
                  </>
                )}
              </p>
            )}
          </section>
          {(data.familyDescription || data.familyReferences.length > 0) && (
            <section aria-labelledby="gluon-incident-family">
              <H4 id="gluon-incident-family">About {data.familyName}</H4>
              {data.familyDescription && <p className="gluon-incident-family">{data.familyDescription}</p>}
              {data.familyReferences.length > 0 && (
                <ul className="gluon-incident-references">
                  {data.familyReferences.map((r) => (
                    <li key={r.url}>
                      {/* The bundle's address (http/https only, checked at import); never our origin's rights. */}
                      <a href={r.url} target="_blank" rel="noopener noreferrer">
                        {r.source}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
          <H4>Evidence</H4>
          <EvidenceTable
            evidence={data.evidence}
            {...(access.triage
              ? { onFalsePositive: falsePositive.run, onUndoFalsePositive: undoFalsePositive.run }
              : {})}
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
