import { staleDevices } from '../../../gluon/public';
import type { AlertSource } from '../alertTypes';

/**
 * A device not inspected for `staleDays` by monitoring's clock: one alert per device and last
 * inspection (inspected again and gone stale again is a new alert).
 */
export const staleDeviceSource: AlertSource = {
  name: 'stale',
  async collect(q, { now, staleDays }) {
    return (await staleDevices(q, { now, staleDays })).map((d) => ({
      tenantId: d.tenantId,
      sourceKey: `stale:${d.deviceId}:${d.lastInspectionMs}`,
      category: 'stale',
      severity: 'low',
      title: `${d.name} not inspected for ${staleDays} days`,
      deviceId: d.deviceId,
      deviceName: d.name,
      familyId: null,
      familyName: null,
      incidentId: null,
      inspectionId: null,
      huntId: null,
      firstSeen: now.toISOString(),
      lastSeen: now.toISOString(),
    }));
  },
};
