/** The answers of /globalrulesrepository-backend (server/routes/gluon/gluonSchemas.ts). */

export interface RuleSet {
  id: string;
  bundleId: string;
  name: string;
  version: string;
  revision: number;
  author: string | null;
  enabled: boolean;
  indicatorCount: number;
  counts: Record<string, number>;
  families: Array<{ id: string; name: string; indicators: number }>;
  unsupported: Array<{ id: string; pattern: string; reason: string }>;
  suppressions: number;
  createdAt: string;
  updatedAt: string;
}

export interface IndicatorRow {
  id: string;
  type: string;
  value: string;
  pattern: string;
  familyName: string;
  suppression: { id: string; reason: string; author: string | null; createdAt: string } | null;
}

export interface IndicatorPage {
  items: IndicatorRow[];
  total: number;
  page: number;
  size: number;
}

export type ImportStatus = 'created' | 'updated' | 'unchanged';
