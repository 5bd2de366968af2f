import type { SafeZip, ZipEntryInfo } from './safeZip';

/**
 * Files AndroidQF writes at the top of its acquisition folder (its modules' output names: see the
 * README). A zip of that folder holds them at its root or under one folder (the acquisition's
 * UUID); the encrypted streaming mode writes them at the root of its zip.
 */
export const ANDROIDQF_FILES: readonly string[] = [
  'acquisition.json',
  'packages.json',
  'getprop.txt',
  'processes.txt',
  'processes.json',
  'services.txt',
  'dumpsys.txt',
  'settings_global.txt',
  'settings_secure.txt',
  'settings_system.txt',
  'selinux.txt',
  'env.txt',
  'root_binaries.json',
  'mounts.json',
  'mounts.txt',
  'logcat.txt',
  'logcat_old.txt',
  'files.json',
  'command.log',
  'hashes.csv',
  'backup.ab',
  'bugreport.zip',
];

export type Acquisition =
  | {
      kind: 'androidqf';
      /** Folder holding the files ('' for the zip's root). */
      root: string;
      /** AndroidQF's files found in `root`, by name. */
      files: Map<string, ZipEntryInfo>;
      /** What in the content confirmed it. */
      evidence: string;
    }
  | {
      kind: 'bugreport';
      root: string;
      /** The dumpstate text. */
      main: ZipEntryInfo;
      evidence: string;
    }
  | { kind: 'unknown'; reason: string };

/**
 * AndroidQF's modules whose output we read, by the files they write; one missing from an
 * acquisition is listed as "not in this acquisition" (the analyst ran a subset of modules).
 */
export const ANDROIDQF_MODULES: ReadonlyArray<{ label: string; files: readonly string[] }> = [
  { label: 'getprop.txt', files: ['getprop.txt'] },
  { label: 'packages.json', files: ['packages.json'] },
  { label: 'processes.txt', files: ['processes.txt', 'processes.json'] },
  { label: 'dumpsys.txt', files: ['dumpsys.txt'] },
  { label: 'settings_*.txt', files: ['settings_global.txt', 'settings_secure.txt', 'settings_system.txt'] },
  { label: 'selinux.txt', files: ['selinux.txt'] },
  { label: 'files.json', files: ['files.json'] },
  { label: 'root_binaries.json', files: ['root_binaries.json'] },
  { label: 'mounts.json', files: ['mounts.json', 'mounts.txt'] },
  { label: 'backup.ab', files: ['backup.ab'] },
  { label: 'bugreport.zip', files: ['bugreport.zip'] },
];

const SNIFF_BYTES = 64 * 1024;
const MAX_SNIFFS = 24;
/** How many single folders deep a zip is looked through (`Archive/<uuid>/getprop.txt`). */
const MAX_WRAPPING_FOLDERS = 3;

const dirOf = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
const baseOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1);
const join = (dir: string, name: string): string => (dir ? `${dir}/${name}` : name);

/** What zip tools add beside the content (macOS's resource forks, Finder's and Explorer's files). */
const isZipNoise = (path: string): boolean =>
  path.startsWith('__MACOSX/') || /(^|\/)(\.DS_Store|Thumbs\.db|desktop\.ini)$/.test(path);

/**
 * The folder the content sits in: when every file lies under one top-level folder (a folder
 * zipped by hand or by a file manager), that folder, looked through again up to a few levels.
 */
function contentRoot(paths: readonly string[]): string {
  let root = '';
  for (let depth = 0; depth < MAX_WRAPPING_FOLDERS; depth++) {
    const prefix = root ? `${root}/` : '';
    let only: string | null = null;
    for (const path of paths) {
      const rest = path.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash < 0) return root;
      const top = rest.slice(0, slash);
      if (only === null) only = top;
      else if (only !== top) return root;
    }
    if (only === null) return root;
    root = prefix + only;
  }
  return root;
}

/** The first bytes of an entry as text (invalid UTF-8 replaced); '' when it holds a NUL. */
async function sniff(zip: SafeZip, entry: ZipEntryInfo): Promise<string> {
  const head = await zip.read(entry, Math.min(entry.size, SNIFF_BYTES));
  if (head.includes(0)) return '';
  return new TextDecoder('utf-8', { fatal: false }).decode(head);
}

const firstLine = (text: string): string =>
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .find((l) => l.trim() !== '') ?? '';

const jsonArrayOf = (h: string, field: RegExp): boolean => /^\s*\[/.test(h.replace(/^\uFEFF/, '')) && field.test(h);

/** What each AndroidQF file must start with; a file with that name but other content does not count. */
const CONTENT_CHECKS: Array<{ name: string; test: (head: string) => boolean; says: string; binary?: boolean }> = [
  {
    name: 'acquisition.json',
    test: (h) => /"androidqf_version"\s*:/.test(h),
    says: 'acquisition.json names an androidqf_version',
  },
  {
    name: 'getprop.txt',
    test: (h) => /^\[[^\]\s]+\]: \[/.test(firstLine(h)),
    says: 'getprop.txt holds `[property]: [value]` lines',
  },
  {
    name: 'packages.json',
    test: (h) => jsonArrayOf(h, /"name"\s*:/) && /"files"\s*:/.test(h),
    says: 'packages.json is an array of packages with their files',
  },
  {
    name: 'dumpsys.txt',
    test: (h) => /^DUMP OF SERVICE /m.test(h),
    says: 'dumpsys.txt holds `DUMP OF SERVICE` sections',
  },
  {
    name: 'processes.txt',
    test: (h) => /\bPID\b.*\b(NAME|CMD|COMMAND)\s*$/m.test(h),
    says: 'processes.txt is a ps listing',
  },
  {
    name: 'processes.json',
    test: (h) => jsonArrayOf(h, /"(command_line|filename)"\s*:/),
    says: 'processes.json is an array of processes',
  },
  {
    name: 'files.json',
    test: (h) => jsonArrayOf(h, /"path"\s*:/) && /"(modified_time|mode|size)"\s*:/.test(h),
    says: 'files.json is an array of files',
  },
  {
    name: 'root_binaries.json',
    test: (h) => jsonArrayOf(h, /^\s*\[\s*("|\])/),
    says: 'root_binaries.json is an array of paths',
  },
  {
    name: 'mounts.json',
    test: (h) => jsonArrayOf(h, /"\S+ (on )?\/\S* /),
    says: 'mounts.json is an array of mounts',
  },
  {
    name: 'selinux.txt',
    test: (h) => /^(Enforcing|Permissive|Disabled)\s*$/.test(h.trim()),
    says: 'selinux.txt holds getenforce’s answer',
  },
  ...(['global', 'secure', 'system'] as const).map((ns) => ({
    name: `settings_${ns}.txt`,
    test: (h: string) => /^[A-Za-z0-9_.:@-]+=/.test(firstLine(h)),
    says: `settings_${ns}.txt holds \`name=value\` settings`,
  })),
  {
    name: 'backup.ab',
    test: (h) => h.startsWith('ANDROID BACKUP\n'),
    says: 'backup.ab starts with the Android backup header',
    binary: true,
  },
  {
    name: 'bugreport.zip',
    test: (h) => h.startsWith('PK\u0003\u0004'),
    says: 'bugreport.zip is a zip',
    binary: true,
  },
];

/** A dumpstate text: its header, or (a partial one, or one cut from its start) its sections. */
const DUMPSTATE_CONTENT = /^(== dumpstate: |------ .+ \(.*\) ------$|DUMP OF SERVICE )/m;

/**
 * Recognises an acquisition by what its files hold, not by the zip's name or layout (a single
 * top-level folder is looked through): an AndroidQF output (any of its files, in one folder, with
 * the content AndroidQF writes), or an Android bugreport (the dumpstate text named by
 * main_entry.txt whatever its name, or a `bugreport-*.txt`/`dumpstate-*.txt`, holding dumpstate's
 * header or its sections).
 */
export async function detectAcquisition(zip: SafeZip): Promise<Acquisition> {
  let sniffs = 0;
  const budget = (): boolean => sniffs++ < MAX_SNIFFS;
  const files = [...zip.files.values()].filter((e) => !isZipNoise(e.path));
  const top = contentRoot(files.map((e) => e.path));
  const depthBelowTop = (path: string): number => (top ? path.slice(top.length + 1) : path).split('/').length - 1;

  // AndroidQF: the folder with the most of its file names, at the content's root or one level down.
  const byRoot = new Map<string, Map<string, ZipEntryInfo>>();
  for (const entry of files) {
    if (top && !entry.path.startsWith(`${top}/`)) continue;
    if (depthBelowTop(entry.path) > 1) continue;
    const name = baseOf(entry.path);
    if (!ANDROIDQF_FILES.includes(name)) continue;
    const dir = dirOf(entry.path);
    let found = byRoot.get(dir);
    if (!found) byRoot.set(dir, (found = new Map()));
    found.set(name, entry);
  }
  const roots = [...byRoot.entries()].sort((a, b) => b[1].size - a[1].size);
  for (const [root, found] of roots.slice(0, 2)) {
    for (const check of CONTENT_CHECKS) {
      const entry = found.get(check.name);
      if (!entry || entry.size === 0 || !budget()) continue;
      const head = check.binary
        ? (await zip.read(entry, Math.min(entry.size, 64))).toString('latin1')
        : await sniff(zip, entry);
      if (check.test(head)) return { kind: 'androidqf', root, files: found, evidence: check.says };
    }
  }

  // Bugreport: main_entry.txt names the dumpstate file, whatever it is called.
  const dumpstate = async (entry: ZipEntryInfo, how: string): Promise<Acquisition | null> => {
    if (entry.size === 0 || !budget()) return null;
    const head = await sniff(zip, entry);
    if (!DUMPSTATE_CONTENT.test(head)) return null;
    const whole = /^== dumpstate: /m.test(head.slice(0, 4096));
    return {
      kind: 'bugreport',
      root: dirOf(entry.path),
      main: entry,
      evidence: `${how} ${whole ? "starts with dumpstate's header" : "holds dumpstate's sections"}`,
    };
  };
  for (const entry of files) {
    if (baseOf(entry.path) !== 'main_entry.txt' || depthBelowTop(entry.path) > 1 || entry.size > 4096 || !budget())
      continue;
    const named = (await sniff(zip, entry)).trim();
    if (!named || named.includes('..') || named.startsWith('/') || named.includes('\n')) continue;
    const main = zip.files.get(join(dirOf(entry.path), named));
    const found = main ? await dumpstate(main, `${main.path} (named by main_entry.txt)`) : null;
    if (found) return found;
  }
  for (const entry of files) {
    const name = baseOf(entry.path);
    if (depthBelowTop(entry.path) > 1 || !/^(bugreport|dumpstate)-.+\.txt$/.test(name)) continue;
    const found = await dumpstate(entry, entry.path);
    if (found) return found;
  }

  return {
    kind: 'unknown',
    reason:
      'not an Android acquisition: no AndroidQF output (getprop.txt, packages.json, dumpsys.txt, processes.txt... with their content) and no bugreport (a dumpstate text named by main_entry.txt, or bugreport-*.txt)',
  };
}
