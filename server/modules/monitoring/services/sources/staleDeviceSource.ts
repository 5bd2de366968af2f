import type { AlertSource } from '../alertTypes';

/**
 * A device not inspected for `staleDays` by monitoring's clock: one alert per device and last
 * inspection (inspected again and gone stale again is a new alert).
 */
export const staleDeviceSource: AlertSource = {
  name: 'stale',
  select: `SELECT d.tenant_id, 'stale:' || d.id || ':' || (extract(epoch FROM d.last_inspection_at) * 1000)::bigint, 'stale', 'low',
                  d.name || ' not inspected for ' || $3::int || ' days',
                  d.id, d.name, NULL, NULL, NULL::uuid, NULL::uuid, NULL::uuid, $2::timestamptz, $2::timestamptz
             FROM gluon_devices d
            WHERE d.last_inspection_at IS NOT NULL AND d.last_inspection_at < $2::timestamptz - make_interval(days => $3::int)`,
};
