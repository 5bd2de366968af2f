import { failedInspectionsSince } from '../../../gluon/public';
import type { AlertSource } from '../alertTypes';

/** An inspection that ended failed: the device went unchecked. */
export const failedInspectionSource: AlertSource = {
  name: 'inspection_failed',
  async collect(q, { since }) {
    return (await failedInspectionsSince(q, since)).map((n) => ({
      tenantId: n.tenantId,
      sourceKey: `inspection_failed:${n.inspectionId}`,
      category: 'inspection_failed',
      severity: 'medium',
      title: `Inspection failed${n.deviceName ? ` on ${n.deviceName}` : ''}${n.fileName ? `: ${n.fileName}` : ''}`,
      deviceId: n.deviceId,
      deviceName: n.deviceName,
      familyId: null,
      familyName: null,
      incidentId: null,
      inspectionId: n.inspectionId,
      huntId: null,
      firstSeen: n.at,
      lastSeen: n.at,
    }));
  },
};
