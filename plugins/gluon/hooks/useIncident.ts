import { errorText } from '@core/http/errorText';
import { useLoader } from '@core/react/useLoader';
import { useMutation } from '@core/react/useMutation';
import { useService } from '@core/react/useService';

import { GluonApiToken, type IncidentDetail, type TriageChange } from '../api/GluonApi';
import { gluonKeys } from './gluonKeys';
import { pageLoadError } from './pageLoadError';

/** What an answered incident changes elsewhere: the devices list's open incidents, its device's page and the queue. */
const touchedBy = (incident: IncidentDetail) => [
  gluonKeys.devices,
  gluonKeys.deviceDetail(incident.deviceId),
  gluonKeys.incidents,
];

/**
 * The incident page's data and its actions, triage, false positive (and its undo) and owner (mutations whose
 * `run` resolves the updated incident or the line to show). `allowed`: the token may read
 * reports; without it nothing is loaded.
 */
export function useIncident(incidentId: string, allowed: boolean) {
  const api = useService(GluonApiToken);
  const incident = useLoader(allowed ? gluonKeys.incident(incidentId) : null, () => api.getIncident(incidentId), {
    describe: pageLoadError('Incident not found'),
  });
  const triage = useMutation((change: TriageChange) => api.triageIncident(incidentId, change), {
    describe: (failure) => errorText(failure, 'The triage was not saved.'),
    onSuccess: incident.set,
    invalidates: touchedBy,
  });
  const falsePositive = useMutation((findingId: string, reason: string) => api.markFalsePositive(findingId, reason), {
    describe: (failure) => errorText(failure, 'The finding was not marked a false positive.'),
    onSuccess: incident.set,
    invalidates: touchedBy,
  });
  const undoFalsePositive = useMutation((findingId: string) => api.undoFalsePositive(findingId), {
    describe: (failure) => errorText(failure, "The finding's false positive was not undone."),
    onSuccess: incident.set,
    invalidates: touchedBy,
  });
  const owner = useMutation((userId: string | null) => api.setIncidentOwner(incidentId, userId), {
    describe: (failure) => errorText(failure, 'The owner was not changed.'),
    onSuccess: incident.set,
    invalidates: touchedBy,
  });
  return { incident, triage, falsePositive, undoFalsePositive, owner };
}
