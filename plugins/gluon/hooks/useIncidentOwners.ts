import { errorText } from '@core/http/errorText';
import { useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';

import { GluonApiToken } from '../api/GluonApi';
import { gluonKeys } from './gluonKeys';

/** Whom an incident can be given to (the tenant's users who may triage); loaded only when `allowed`. */
export function useIncidentOwners(allowed: boolean) {
  const api = useService(GluonApiToken);
  return useLoader(allowed ? gluonKeys.incidentOwners : null, () => api.getIncidentOwners(), { describe: errorText });
}
