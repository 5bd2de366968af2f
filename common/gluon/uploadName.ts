/**
 * Which files gluon inspects, by name: one rule for the upload screen (it refuses a wrong file
 * before sending it) and for the API (it answers 415). Pure, table-tested in uploadName.test.ts.
 *
 * A zip is an Android acquisition (AndroidQF output or bugreport): the API recognises it by its
 * content whatever its name, so the name rule only lets a `.zip` through the console; the server
 * also takes a zip under another name once its first bytes say so.
 */

/** A single artefact read as is: shutdown.log (and its rotations), ps.txt, a crash report (.ips). */
export type ArtefactNameKind = 'shutdown.log' | 'ps.txt' | 'ips';

/** What a name says the file is: a tar archive, one artefact, or a zip (an Android acquisition). */
export type UploadNameKind = 'archive' | 'artefact' | 'zip';

const ARCHIVE_EXTENSIONS = ['.tar.gz', '.tgz', '.tar'];

/** `name` ends with `ext` (any case) and has something before it (`.zip` alone is no file name). */
function hasExtension(lower: string, ext: string): boolean {
  return lower.endsWith(ext) && lower.length > ext.length;
}

/** The artefact a path's last segment names, or null. */
export function artefactNameKind(path: string): ArtefactNameKind | null {
  const name = path.slice(path.lastIndexOf('/') + 1);
  // shutdown.log and its rotations beside it (shutdown.0.log, shutdown.1.log, ...): exact names.
  if (/^shutdown(?:\.\d+)?\.log$/.test(name)) return 'shutdown.log';
  if (name === 'ps.txt') return 'ps.txt';
  // Extensions ignore case (Crash.IPS).
  if (hasExtension(name.toLowerCase(), '.ips')) return 'ips';
  return null;
}

/** What an uploaded file's name says it is, or null when gluon does not inspect such a name. */
export function uploadNameKind(name: string): UploadNameKind | null {
  const lower = name.toLowerCase();
  if (ARCHIVE_EXTENSIONS.some((ext) => hasExtension(lower, ext))) return 'archive';
  if (hasExtension(lower, '.zip')) return 'zip';
  return artefactNameKind(name) ? 'artefact' : null;
}

/** The upload screen's check: a name the API inspects. */
export function acceptedUploadName(name: string): boolean {
  return uploadNameKind(name) !== null;
}
