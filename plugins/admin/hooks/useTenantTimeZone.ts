import { ApiClientToken } from '@core/api/ApiClient';
import { type Loaded, useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';

import { getTenantTimeZone, type TenantTimeZone } from '../api/getTenantTimeZone';
import { setTenantTimeZone } from '../api/setTenantTimeZone';
import { apiMessage } from '../logic/apiMessage';
import { type Action, useAction } from './useAction';

export interface TenantTimeZoneState {
  zone: Loaded<TenantTimeZone>;
  action: Action;
  /** Sends the zone; answers whether the API took it (the shown zone is then the API's answer). */
  save(zone: TenantTimeZone): Promise<boolean>;
}

/** The sign-in settings' tenant time zone: what mails and CSV exports print their times in. */
export function useTenantTimeZone(): TenantTimeZoneState {
  const api = useService(ApiClientToken);
  const zone = useLoader('tenant-time-zone', () => getTenantTimeZone(api), { describe: apiMessage });
  const action = useAction();
  return {
    zone,
    action,
    async save(next) {
      const answer = await action.run(() => setTenantTimeZone(api, next));
      if (!answer) return false;
      zone.set(answer);
      return true;
    },
  };
}
