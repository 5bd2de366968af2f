import { findingsOnDevicesSince } from '../../../gluon/public';
import type { AlertSource } from '../alertTypes';

/** A new (unsuppressed) finding on a device of a watched group (e.g. executives' phones). */
export const watchedFindingSource: AlertSource = {
  name: 'finding',
  async collect(q, { since }) {
    // Monitoring's own rows give the watched devices; gluon answers for all of them in one call.
    const watched = await q.query<{ device_id: string }>(
      'SELECT DISTINCT m.device_id FROM monitoring_device_group_members m JOIN monitoring_device_groups g ON g.id = m.group_id WHERE g.watched',
    );
    const findings = await findingsOnDevicesSince(q, { since, deviceIds: watched.map((w) => w.device_id) });
    return findings.map((f) => ({
      tenantId: f.tenantId,
      sourceKey: `finding:${f.findingId}`,
      category: 'finding',
      severity: 'high',
      title: `New finding on watched device ${f.deviceName}: ${f.familyName} (${f.kind} ${f.value.slice(0, 120)})`,
      deviceId: f.deviceId,
      deviceName: f.deviceName,
      familyId: f.familyId,
      familyName: f.familyName,
      incidentId: f.incidentId,
      inspectionId: f.inspectionId,
      huntId: null,
      firstSeen: f.at,
      lastSeen: f.at,
    }));
  },
};
