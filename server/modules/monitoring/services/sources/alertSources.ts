import type { AlertSource } from '../alertTypes';
import { failedInspectionSource } from './failedInspectionSource';
import { huntMatchSource } from './huntMatchSource';
import { incidentSource } from './incidentSource';
import { staleDeviceSource } from './staleDeviceSource';
import { watchedFindingSource } from './watchedFindingSource';

/** Every source of alerts, one file each; neutrino's saved hunts raise category 'hunt'. */
export const ALERT_SOURCES: readonly AlertSource[] = [
  incidentSource,
  watchedFindingSource,
  failedInspectionSource,
  staleDeviceSource,
  huntMatchSource,
];
