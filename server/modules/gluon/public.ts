// What other modules may import from gluon (scripts/check-boundaries.mjs): the rest of this
// folder is gluon's own.
export type { InstallerOs } from './collector/installers';
export { idParams, ruleSetSchema } from './schemas';
export { deviceNames, existingDeviceIds, type InspectionDeviceItem, inspectionDevices } from './services/deviceLookup';
export { type DeviceRiskInput, deviceRiskInputs, RISK_SEVERITY_ORDER } from './services/deviceRiskInputs';
export { type FailedInspectionItem, failedInspectionsSince } from './services/failedInspectionsSince';
export { type DeviceFindingItem, findingsOnDevicesSince } from './services/findingsOnDevicesSince';
export { type DayCount, type FleetActivity, fleetActivityPerDay, openIncidentFamilies } from './services/fleetActivity';
export { incidentOwners } from './services/incidentOwners';
export { recordFindings } from './services/incidents';
export {
  type IncidentEventItem,
  incidentEventsSince,
  incidentsChangedSince,
  type IncidentStateItem,
} from './services/incidentsChangedSince';
export { CLOSED_STATES_SQL, OPEN_STATES_SQL } from './services/incidentStateSql';
export { enqueueTenantRescan, type GluonJobs } from './services/jobs';
export { ruleSetFamilies } from './services/ruleSetFamilies';
export { importRuleSet } from './services/ruleSets';
export { sampleSysdiagnose } from './services/sampleUploads';
export { staleDeviceCount, type StaleDeviceItem, staleDevices } from './services/staleDevices';
// Electron (Macs from Aftermath archives) shares gluon's devices, files, observations, matching and incidents.
export { acceptStreamedUploads, assertStreamedUpload } from './routes/streamedUpload';
export { resolveDevice } from './services/devices';
export type { FileStorage } from './services/fileStorage';
export { listDeviceIncidents } from './services/incidents';
export { insertObservations } from './services/inspectionRunner';
export { asObservation, ObservationSet } from './services/observationSet';
export { loadMatchContext } from './services/ruleSets';
export { storageFromConfig } from './services/storageFromConfig';
export { cleanFileName } from './services/uploads';
