/** The answers of /gluon-backend (server/routes/gluon/gluonSchemas.ts). */

export type InspectionStatus = 'queued' | 'running' | 'done' | 'failed';
export type IncidentState = 'open' | 'confirmed' | 'benign' | 'false_positive';

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
}

export interface Upload {
  inspectionId: string;
  fileId: string | null;
  fileName: string;
  size: number | null;
  sha256: string | null;
  origin: string;
  status: InspectionStatus;
  progress: number;
  error: string | null;
  deviceId: string | null;
  deviceName: string | null;
  findings: number;
  createdAt: string;
  finishedAt: string | null;
  warnings: string[];
}

export interface Device {
  id: string;
  name: string;
  modelCode: string | null;
  osVersion: string | null;
  crashReporterKey: string | null;
  lastInspectionAt: string | null;
  inspections: number;
  openIncidents: number;
  severity: 'high' | 'none';
}

export interface Inspection {
  id: string;
  origin: string;
  fileId: string | null;
  fileName: string | null;
  status: InspectionStatus;
  progress: number;
  error: string | null;
  ruleSetVersions: Array<{ id: string; name: string; version: string; revision: number }>;
  observations: number;
  findings: number;
  newFindings: number;
  heuristics: Array<{ rule: string; message: string; source: string; line: number | null }>;
  warnings: string[];
  createdAt: string;
  finishedAt: string | null;
}

export interface IncidentSummary {
  id: string;
  deviceId: string;
  deviceName: string;
  familyId: string;
  familyName: string;
  state: IncidentState;
  severity: string;
  findings: number;
  activeFindings: number;
  createdAt: string;
  updatedAt: string;
}

export interface DeviceDetail {
  device: Device;
  inspections: Inspection[];
  incidents: IncidentSummary[];
}

export interface Evidence {
  id: string;
  indicatorId: string;
  indicatorType: string;
  indicatorValue: string;
  pattern: string;
  ruleSetName: string;
  ruleSetVersion: string;
  route: string;
  kind: string;
  value: string;
  source: string;
  line: number | null;
  raw: string | null;
  observedAt: string | null;
  inspectionId: string | null;
  suppressed: boolean;
  suppressionReason: string | null;
  createdAt: string;
}

export interface TimelineEvent {
  at: string;
  kind: string;
  fromState: string | null;
  toState: string | null;
  comment: string | null;
  author: string | null;
}

export interface IncidentDetail extends IncidentSummary {
  evidence: Evidence[];
  timeline: TimelineEvent[];
}

export interface ProcessRow {
  name: string;
  firstSeen: string | null;
  lastSeen: string | null;
  sources: string[];
  records: number;
}

export interface CrashRow {
  inspectionId: string;
  path: string;
  observations: number;
  error: string | null;
  processes: string[];
  at: string | null;
  uploadedAt: string;
}

export interface DeviceFile {
  id: string;
  name: string;
  size: number;
  sha256: string;
  uploadedAt: string;
}

export type ReportFormat = 'json' | 'csv' | 'stix';
