export { OPEN_STATES_SQL, CLOSED_STATES_SQL } from './services/incidentStateSql';
export { incidentEventsSince, incidentsChangedSince, type IncidentEventItem, type IncidentStateItem } from './services/incidentsChangedSince';
export { staleDevices, staleDeviceCount, type StaleDeviceItem } from './services/staleDevices';
export { failedInspectionsSince, type FailedInspectionItem } from './services/failedInspectionsSince';
export { findingsOnDevicesSince, type DeviceFindingItem } from './services/findingsOnDevicesSince';
export { deviceRiskInputs, RISK_SEVERITY_ORDER, type DeviceRiskInput } from './services/deviceRiskInputs';
export { fleetActivityPerDay, openIncidentFamilies, type DayCount, type FleetActivity } from './services/fleetActivity';
export { existingDeviceIds, deviceNames, inspectionDevices, type InspectionDeviceItem } from './services/deviceLookup';
