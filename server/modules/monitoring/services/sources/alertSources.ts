import type { AlertSource } from '../alertTypes';
import { failedInspectionSource } from './failedInspectionSource';
import { incidentSource } from './incidentSource';
import { staleDeviceSource } from './staleDeviceSource';
import { watchedFindingSource } from './watchedFindingSource';

/**
 * Every source of alerts, one file each. Neutrino's saved hunts join here (category 'hunt',
 * from neutrino_hunt_matches) once that module is merged.
 */
export const ALERT_SOURCES: readonly AlertSource[] = [incidentSource, watchedFindingSource, failedInspectionSource, staleDeviceSource];
