import { describe, expect, it } from 'vitest';

import type { Alert } from './alertTypes';
import { WEBHOOK_MAX_ALERTS, webhookBody } from './webhookDelivery';

const alert = (i: number): Alert => ({
  id: `a${i}`,
  tenantId: 't',
  sourceKey: `finding:${i}`,
  category: 'finding',
  severity: 'high',
  title: `Finding ${i}`,
  deviceId: i === 0 ? 'd0' : 'd1',
  deviceName: 'Phone',
  deviceDisplayName: 'Phone',
  familyId: null,
  familyName: null,
  incidentId: null,
  inspectionId: null,
  huntId: null,
  firstSeen: new Date(0),
  lastSeen: new Date(0),
});
const risk = (deviceId: string) => ({
  deviceId,
  name: 'Phone',
  displayName: 'Phone',
  platform: 'ios',
  serial: null,
  riskLevel: 'high' as const,
  openIncidents: 1,
  lastInspectionAt: null,
});

describe('webhookBody', () => {
  it('caps the alerts of one POST, says how many there were, and names only their devices', () => {
    const alerts = Array.from({ length: WEBHOOK_MAX_ALERTS + 10 }, (_, i) => alert(i + 1));
    const body = webhookBody({
      deliveryId: 'x',
      rule: { id: 'r', name: 'R' },
      alerts,
      devices: [risk('d0'), risk('d1')],
      publicUrl: 'https://c.example',
      now: new Date(0),
    });
    expect(body.totalAlerts).toBe(WEBHOOK_MAX_ALERTS + 10);
    expect(body.alerts).toHaveLength(WEBHOOK_MAX_ALERTS);
    expect(body.devices.map((d) => d.deviceId)).toEqual(['d1']);
    expect(body.alerts[0]).toMatchObject({
      device: { id: 'd1', riskLevel: 'high' },
      family: null,
      links: { console: 'https://c.example/devices/d1', device: 'https://c.example/devices/d1' },
    });
  });
});
