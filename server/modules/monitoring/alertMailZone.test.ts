import { describe, expect, it } from 'vitest';

import { composeAlertMail } from './services/alertMail';

/** Alert mails print their times as ISO 8601 in the tenant's zone, the zone named. */
describe('alert mail times', () => {
  it("an alert mail names its times in the zone it is given, ISO 8601 with the zone's name", () => {
    const alert = {
      id: 'a',
      tenantId: 't',
      sourceKey: 'k',
      category: 'incident' as const,
      severity: 'high' as const,
      title: 'New incident',
      deviceId: null,
      deviceName: null,
      deviceDisplayName: null,
      familyId: null,
      familyName: null,
      incidentId: null,
      inspectionId: null,
      huntId: null,
      firstSeen: new Date('2026-12-31T18:29:59Z'),
      lastSeen: new Date('2026-12-31T18:29:59Z'),
    };
    const mail = composeAlertMail({
      to: 'a@example.com',
      publicUrl: 'https://console.example.com',
      ruleName: 'All',
      frequency: 'immediate',
      alerts: [alert],
      unsubscribeUrl: 'u',
      zone: { offset: 5.5, name: 'IST' },
    });
    expect(mail.text).toContain('Seen 2026-12-31T23:59:59+05:30 (IST).');
    expect(mail.html).toContain('(seen 2026-12-31T23:59:59+05:30 (IST))');
  });
});
