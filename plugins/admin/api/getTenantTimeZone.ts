import type { ApiResponse } from '@common/api/apiTypes';
import type { ApiClient } from '@core/api/ApiClient';

/** The zone the tenant's mails and CSV exports print their times in (hours from UTC and the zone's name). */
export type TenantTimeZone = ApiResponse<'/um/tenantTimeZone', 'get'>;

/** GET /um/tenantTimeZone. */
export function getTenantTimeZone(api: ApiClient): Promise<TenantTimeZone> {
  return api.get('/um/tenantTimeZone');
}
