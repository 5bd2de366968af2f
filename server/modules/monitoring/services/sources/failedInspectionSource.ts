import type { AlertSource } from '../alertTypes';

/** An inspection that ended failed: the device went unchecked. */
export const failedInspectionSource: AlertSource = {
  name: 'inspection_failed',
  select: `SELECT n.tenant_id, 'inspection_failed:' || n.id, 'inspection_failed', 'medium',
                  'Inspection failed' || coalesce(' on ' || d.name, '') || coalesce(': ' || n.file_name, ''),
                  d.id, d.name, NULL, NULL, NULL::uuid, n.id, NULL::uuid, coalesce(n.finished_at, n.created_at), coalesce(n.finished_at, n.created_at)
             FROM gluon_inspections n
             LEFT JOIN gluon_devices d ON d.id = n.device_id
            WHERE n.status = 'failed' AND coalesce(n.finished_at, n.created_at) > $1`,
};
