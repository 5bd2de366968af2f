import type { ApiClient } from '@core/api/ApiClient';

import type { TenantTimeZone } from './getTenantTimeZone';

/** PUT /um/tenantTimeZone (user administrators; audited). */
export function setTenantTimeZone(api: ApiClient, zone: TenantTimeZone): Promise<TenantTimeZone> {
  return api.put('/um/tenantTimeZone', { body: zone });
}
