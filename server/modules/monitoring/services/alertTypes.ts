import { deviceDisplayName } from '@common/devices/deviceDisplayName';

import type { Queryable } from '../../../contracts';

export const ALERT_CATEGORIES = ['incident', 'finding', 'inspection_failed', 'stale', 'hunt'] as const;
export type AlertCategory = (typeof ALERT_CATEGORIES)[number];

/** Lowest first: a rule's minimum severity compares by this order. */
export const ALERT_SEVERITIES = ['low', 'medium', 'high'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

export const ALERT_STATUSES = ['active', 'acknowledged', 'resolved', 'ignored'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** Monitoring's time: injected so staleness, grouping windows and digests are testable. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** An alert as routing and the mails read it. */
export interface Alert {
  id: string;
  tenantId: string;
  sourceKey: string;
  category: AlertCategory;
  severity: AlertSeverity;
  /** As people read it: the device by its display name (`titleWithDisplayName`). */
  title: string;
  deviceId: string | null;
  /** The device's stored name (what filters and sorts match). */
  deviceName: string | null;
  /** The device as every product names it (common/devices/deviceDisplayName). */
  deviceDisplayName: string | null;
  familyId: string | null;
  familyName: string | null;
  incidentId: string | null;
  inspectionId: string | null;
  huntId: string | null;
  firstSeen: Date;
  lastSeen: Date;
}

export interface ScanWindow {
  /** Rows newer than this (the source's cursor less an overlap). */
  since: Date;
  /** Monitoring's clock (staleness is measured against it). */
  now: Date;
  staleDays: number;
}

/** An alert a source found, before it is stored (the collector inserts each source key once). */
export interface AlertCandidate {
  tenantId: string;
  sourceKey: string;
  category: AlertCategory;
  severity: AlertSeverity;
  title: string;
  deviceId: string | null;
  deviceName: string | null;
  familyId: string | null;
  familyName: string | null;
  incidentId: string | null;
  inspectionId: string | null;
  huntId: string | null;
  firstSeen: string;
  lastSeen: string;
}

/**
 * One kind of source event that raises alerts: `collect` reads what happened in the window through
 * the owning module's public services (gluon's, neutrino's), never their tables.
 */
export interface AlertSource {
  name: string;
  collect(q: Queryable, window: ScanWindow): Promise<AlertCandidate[]>;
}

export const ALERT_COLUMNS =
  'tenant_id, source_key, category, severity, title, device_id, device_name, family_id, family_name, incident_id, inspection_id, hunt_id, first_seen, last_seen';

export interface AlertRow {
  id: string;
  tenant_id: string;
  source_key: string;
  category: AlertCategory;
  severity: AlertSeverity;
  title: string;
  device_id: string | null;
  device_name: string | null;
  family_id: string | null;
  family_name: string | null;
  incident_id: string | null;
  inspection_id: string | null;
  hunt_id: string | null;
  first_seen: Date | string;
  last_seen: Date | string;
}

/**
 * A stored title with its device named for people: the sources write the stored name ("iPhone14,2
 * · c0ffee00") into the title at the start ("… not inspected") or after a space ("… on …"), and
 * every alert stored before the names were unified holds it too, so the name is swapped when the
 * title is read (list, CSV, mails, webhooks), never stored twice.
 */
export function titleWithDisplayName(title: string, deviceName: string | null): string {
  if (!deviceName) return title;
  const shown = deviceDisplayName(deviceName);
  if (shown === deviceName) return title;
  if (title.startsWith(deviceName)) return shown + title.slice(deviceName.length);
  const at = title.indexOf(` ${deviceName}`);
  return at < 0 ? title : `${title.slice(0, at + 1)}${shown}${title.slice(at + 1 + deviceName.length)}`;
}

export function toAlert(r: AlertRow): Alert {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    sourceKey: r.source_key,
    category: r.category,
    severity: r.severity,
    title: titleWithDisplayName(r.title, r.device_name),
    deviceId: r.device_id,
    deviceName: r.device_name,
    deviceDisplayName: deviceDisplayName(r.device_name),
    familyId: r.family_id,
    familyName: r.family_name,
    incidentId: r.incident_id,
    inspectionId: r.inspection_id,
    huntId: r.hunt_id,
    firstSeen: new Date(r.first_seen),
    lastSeen: new Date(r.last_seen),
  };
}

export type { Queryable };
