import { HttpError, type Queryable } from '../../../contracts';
import { hashToken } from '../../../services/secrets';

/** Files one collector install may send (a sysdiagnose and a few loose reports fit many times over). */
export const MAX_FILES_PER_INSTALL = 100;

const tooManyFiles = () => new HttpError(429, `This collector already sent ${MAX_FILES_PER_INSTALL} files.`);

/**
 * The device a collector install's files land on. The link token is checked like the collector's
 * other public calls (unknown 404; disabled or expired 403); a used-up install limit does not stop
 * uploads from installs already counted. The device is the install's, created on its first file.
 * A full install is refused here before its file is read (429) — a cheap pre-check only: uploads
 * in parallel all pass it, assertInstallHasRoom makes the limit exact.
 */
export async function collectorDevice(
  q: Queryable,
  token: string,
  installId: string,
): Promise<{ tenantId: string; deviceId: string; linkId: string }> {
  const [row] = await q.query<{
    link_id: string;
    tenant_id: string;
    active: boolean;
    expired: boolean;
    full_name: string;
    email: string;
  }>(
    `SELECT l.id AS link_id, l.tenant_id, l.active, (l.expires_at IS NOT NULL AND l.expires_at <= now()) AS expired, i.full_name, i.email
     FROM collector_links l JOIN collector_installs i ON i.link_id = l.id WHERE l.token_hash = $1 AND i.id = $2`,
    [hashToken(token), installId],
  );
  if (!row) throw new HttpError(404, 'The link does not exist.');
  if (!row.active) throw new HttpError(403, 'The link is not active.');
  if (row.expired) throw new HttpError(403, 'The link has expired.');
  const [device] = await q.query<{ id: string; files: number }>(
    `INSERT INTO gluon_devices (tenant_id, name, collector_install_id) VALUES ($1, $2, $3)
     ON CONFLICT (tenant_id, collector_install_id) WHERE collector_install_id IS NOT NULL DO UPDATE SET name = gluon_devices.name
     RETURNING id, (SELECT count(*)::int FROM gluon_inspections n WHERE n.device_id = gluon_devices.id AND n.origin = 'collector') AS files`,
    [row.tenant_id, `${row.full_name} (${row.email})`, installId],
  );
  if (device!.files >= MAX_FILES_PER_INSTALL) throw tooManyFiles();
  return { tenantId: row.tenant_id, deviceId: device!.id, linkId: row.link_id };
}

/**
 * MAX_FILES_PER_INSTALL, exactly: run inside the transaction that inserts the file's inspection
 * (receiveUpload's `claim`). The install's device row is locked (FOR UPDATE) until that
 * transaction ends, so parallel uploads of one install count one after the other and each sees
 * the inspections committed before it; the 101st is refused with the pre-check's 429.
 */
export async function assertInstallHasRoom(q: Queryable, deviceId: string): Promise<void> {
  await q.query('SELECT id FROM gluon_devices WHERE id = $1 FOR UPDATE', [deviceId]);
  const [count] = await q.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM gluon_inspections WHERE device_id = $1 AND origin = 'collector'",
    [deviceId],
  );
  if (count!.n >= MAX_FILES_PER_INSTALL) throw tooManyFiles();
}
