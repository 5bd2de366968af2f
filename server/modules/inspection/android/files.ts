import type { AndroidObservation, HashAlgorithm } from './androidTypes';
import { DIGEST_LENGTHS, hexDigest, type ObservationList, str } from './collect';

const ALGORITHMS: HashAlgorithm[] = ['md5', 'sha1', 'sha256'];

const epochIso = (value: unknown): string | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 && value < 4_102_444_800
    ? new Date(value * 1000).toISOString()
    : undefined;

/**
 * One element of AndroidQF's files.json (its `adb.FileInfo`, from `find -printf` or its
 * collector): `path`, `size`, `mode`, `user_name`, `group_name`, `modified_time`,
 * `changed_time`, `access_time` (epoch seconds), `context` (SELinux label), and `md5`, `sha1`,
 * `sha256`, `sha512` when the collector hashed the file. Gives a `path` observation dated by the
 * modification time, and a `fileHash` per digest.
 */
export function fileFromJson(list: ObservationList, value: unknown, index: number, line: number): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  const path = str(record.path, 4096);
  if (!path || !path.startsWith('/')) return false;
  const modified = epochIso(record.modified_time);
  const detail: Record<string, string | number> = {};
  if (typeof record.size === 'number') detail.size = record.size;
  const mode = str(record.mode, 32);
  if (mode) detail.mode = mode;
  const context = str(record.context, 256);
  if (context) detail.context = context;
  const added = list.add({
    kind: 'path',
    value: path,
    line,
    jsonPath: `$[${index}].path`,
    raw: [modified, mode, path].filter(Boolean).join(' '),
    ...(modified ? { timestamp: modified } : {}),
    ...(Object.keys(detail).length ? { detail } : {}),
  });
  for (const algorithm of ALGORITHMS) {
    const digest = hexDigest(record[algorithm], DIGEST_LENGTHS[algorithm]);
    if (digest)
      list.add({
        kind: 'fileHash',
        value: digest,
        algorithm,
        line,
        jsonPath: `$[${index}].${algorithm}`,
        raw: `${algorithm} ${digest} ${path}`,
      });
  }
  return added !== null;
}

/**
 * An element of AndroidQF's root_binaries.json: the output of `which -a <name>` for each of su,
 * busybox, supersu, Superuser.apk, KingoUser.apk, SuperSu.apk, magisk, magiskhide, magiskinit,
 * magiskpolicy that was found (a path a line). Each path becomes a `path` observation.
 */
export function rootBinariesFromJson(
  list: ObservationList,
  value: unknown,
  index: number,
  line: number,
): AndroidObservation[] {
  if (typeof value !== 'string') return [];
  const out: AndroidObservation[] = [];
  for (const candidate of value.split(/\r?\n/).slice(0, 32)) {
    const path = candidate.trim();
    if (path === '' || path.length > 4096 || /not found/i.test(path)) continue;
    const o = list.add({
      kind: 'path',
      value: path,
      line,
      jsonPath: `$[${index}]`,
      raw: path,
      detail: { rootBinary: true },
    });
    if (o) out.push(o);
  }
  return out;
}

/**
 * A mount as `mount` prints it (`/dev/block/dm-0 on / type ext4 (ro,seclabel)`) or as
 * /proc/mounts holds it (`/dev/block/dm-0 / ext4 ro,seclabel 0 0`): AndroidQF's mounts.json
 * (both, deduplicated) or a mounts.txt of either.
 */
export function parseMount(text: string): { device: string; mountPoint: string; type: string; options: string } | null {
  const t = text.trim();
  const m1 = /^(\S+) on (\S+) type (\S+) \(([^)]*)\)$/.exec(t);
  if (m1) return { device: m1[1]!, mountPoint: m1[2]!, type: m1[3]!, options: m1[4]! };
  const m2 = /^(\S+) (\/\S*) (\S+) (\S+) \d+ \d+$/.exec(t);
  if (m2) return { device: m2[1]!, mountPoint: m2[2]!, type: m2[3]!, options: m2[4]! };
  return null;
}

export function addMount(
  list: ObservationList,
  text: string,
  line: number,
  jsonPath?: string,
): AndroidObservation | null {
  const mount = parseMount(text);
  if (!mount) return null;
  return list.add(
    {
      kind: 'mount',
      value: mount.mountPoint,
      line,
      raw: text.trim(),
      ...(jsonPath ? { jsonPath } : {}),
      detail: { device: mount.device, type: mount.type, options: mount.options.slice(0, 1024) },
    },
    mount.device,
  );
}
