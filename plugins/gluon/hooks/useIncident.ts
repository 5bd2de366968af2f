import { useCallback } from 'react';
import { HttpServiceToken } from '@core/http/HttpService';
import { useService } from '@core/react/useService';
import { useLoader } from '@core/react/useLoader';
import { getIncident } from '../api/getIncident';
import { postFalsePositive } from '../api/postFalsePositive';
import { postTriage } from '../api/postTriage';
import type { IncidentState } from '../api/types';
import { errorMessage } from './errorMessage';
import { pageLoadError } from './pageLoadError';

/**
 * The incident page's data and its two actions; each answers the updated incident, or throws an
 * Error whose message is the one to show. `allowed`: the token may read reports; without it nothing is loaded.
 */
export function useIncident(incidentId: string, allowed: boolean) {
  const http = useService(HttpServiceToken);
  const incident = useLoader(allowed ? incidentId : null, () => getIncident(http, incidentId), { describe: pageLoadError('Incident not found') });
  const { set } = incident;
  const triage = useCallback(
    async (change: { state: IncidentState; comment: string }) => {
      try {
        set(await postTriage(http, incidentId, change));
      } catch (error) {
        throw new Error(errorMessage(error, 'The triage was not saved.'));
      }
    },
    [http, incidentId, set],
  );
  const falsePositive = useCallback(
    async (findingId: string, reason: string) => {
      try {
        set(await postFalsePositive(http, findingId, reason));
      } catch (error) {
        throw new Error(errorMessage(error, 'The finding was not marked a false positive.'));
      }
    },
    [http, set],
  );
  return { incident, triage, falsePositive };
}
