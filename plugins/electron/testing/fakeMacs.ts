import type { Archive, MacSummary } from '../api/listMacs';

/** The sample Mac's device id, as the electron tests' fake answers name it. */
export const MAC_ID = '00000000-0000-4000-8000-0000000000ac';

/** A Mac of the list answer, with what the test changes. */
export const fakeMac = (patch: Partial<MacSummary> = {}): MacSummary => ({
  id: MAC_ID,
  name: 'MacBookPro18,3 · C02SAMPL',
  displayName: 'MacBookPro18,3 · C02SAMPL',
  serial: 'C02SAMPLE0MAC',
  model: 'MacBookPro18,3',
  osVersion: 'macOS 14.5',
  risk: 'high',
  openIncidents: 1,
  heuristics: 2,
  lastInspectionAt: '2026-12-01T10:00:00.000Z',
  ...patch,
});

/** One of the Mac's archives, with what the test changes. */
export const fakeArchive = (patch: Partial<Archive> = {}): Archive => ({
  inspectionId: '00000000-0000-4000-8000-0000000000a1',
  fileName: 'Aftermath_C02SAMPLE0MAC.zip',
  size: 1000,
  sha256: 'ab',
  status: 'done',
  progress: 100,
  error: null,
  deviceId: MAC_ID,
  deviceName: 'MacBookPro18,3 · C02SAMPL',
  findings: 3,
  heuristics: 2,
  createdAt: '2026-12-01T10:00:00.000Z',
  finishedAt: '2026-12-01T10:00:05.000Z',
  ...patch,
});
