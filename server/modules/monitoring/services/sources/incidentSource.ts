import { isClosedIncidentState } from '@common/incidents/incidentStates';

import { incidentEventsSince } from '../../../gluon/public';
import { ALERT_SEVERITIES, type AlertSeverity, type AlertSource } from '../alertTypes';

const alertSeverity = (severity: string): AlertSeverity =>
  (ALERT_SEVERITIES as readonly string[]).includes(severity) ? (severity as AlertSeverity) : 'high';

/** A new incident, or one triaged closed (benign / false positive) that new findings reopened. */
export const incidentSource: AlertSource = {
  name: 'incident',
  async collect(q, { since }) {
    const events = await incidentEventsSince(q, since);
    return events
      .filter(
        (e) =>
          e.kind === 'opened' ||
          (e.kind === 'findings' && e.fromState !== null && isClosedIncidentState(e.fromState) && e.toState === 'open'),
      )
      .map((e) => ({
        tenantId: e.tenantId,
        sourceKey: `incident:${e.eventId}`,
        category: 'incident',
        severity: alertSeverity(e.severity),
        title: `${e.kind === 'opened' ? 'New incident: ' : 'Incident reopened: '}${e.familyName} on ${e.deviceName}`,
        deviceId: e.deviceId,
        deviceName: e.deviceName,
        familyId: e.familyId,
        familyName: e.familyName,
        incidentId: e.incidentId,
        inspectionId: null,
        huntId: null,
        firstSeen: e.at,
        lastSeen: e.at,
      }));
  },
};
