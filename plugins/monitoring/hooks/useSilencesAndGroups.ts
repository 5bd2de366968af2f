import { errorText } from '@core/http/errorText';
import { useAccess } from '@core/permissions/useAccess';
import { useLoader } from '@core/react/useLoader';
import { useMutation } from '@core/react/useMutation';
import { useService } from '@core/react/useService';

import { MonitoringApiToken, type NewDeviceGroup, type NewSilence } from '../api/MonitoringApi';
import { monitoringAccess } from '../monitoringAccess';
import { monitoringKeys } from './monitoringKeys';

/** Silences (rules' configuration) and device groups (monitoring admin only: not asked otherwise). */
export function useSilencesAndGroups() {
  const api = useService(MonitoringApiToken);
  const admin = useAccess(monitoringAccess).manageResources;
  const silences = useLoader(monitoringKeys.silences, () => api.getSilences(), { describe: errorText });
  const groups = useLoader(admin ? monitoringKeys.deviceGroups : null, () => api.getDeviceGroups(), {
    describe: errorText,
  });
  const createSilence = useMutation((s: NewSilence) => api.createSilence(s), {
    describe: errorText,
    invalidates: [monitoringKeys.silences],
  });
  const deleteSilence = useMutation((id: string) => api.deleteSilence(id), {
    describe: errorText,
    invalidates: [monitoringKeys.silences],
  });
  const createGroup = useMutation((g: NewDeviceGroup) => api.createDeviceGroup(g), {
    describe: errorText,
    invalidates: [monitoringKeys.deviceGroups],
  });
  const deleteGroup = useMutation((id: string) => api.deleteDeviceGroup(id), {
    describe: errorText,
    invalidates: [monitoringKeys.deviceGroups],
  });
  return { admin, silences, groups, createSilence, deleteSilence, createGroup, deleteGroup };
}
