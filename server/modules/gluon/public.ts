// What other modules may import from gluon (scripts/check-boundaries.mjs): the rest of this
// folder is gluon's own.
export { idParams, ruleSetSchema } from './schemas';
export { importRuleSet } from './services/ruleSets';
export { enqueueTenantRescan } from './services/jobs';
export { recordFindings } from './services/incidents';
export { sampleSysdiagnose } from './services/sampleUploads';
export type { InstallerOs } from './collector/installers';
export { OPEN_STATES_SQL, CLOSED_STATES_SQL } from './services/incidentStateSql';
export { incidentEventsSince, incidentsChangedSince, type IncidentEventItem, type IncidentStateItem } from './services/incidentsChangedSince';
export { staleDevices, staleDeviceCount, type StaleDeviceItem } from './services/staleDevices';
export { failedInspectionsSince, type FailedInspectionItem } from './services/failedInspectionsSince';
export { findingsOnDevicesSince, type DeviceFindingItem } from './services/findingsOnDevicesSince';
export { deviceRiskInputs, RISK_SEVERITY_ORDER, type DeviceRiskInput } from './services/deviceRiskInputs';
export { fleetActivityPerDay, openIncidentFamilies, type DayCount, type FleetActivity } from './services/fleetActivity';
export { existingDeviceIds, deviceNames, inspectionDevices, type InspectionDeviceItem } from './services/deviceLookup';
