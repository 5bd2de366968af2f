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

const SNIFF_BYTES = 64 * 1024;
const MAX_SNIFFS = 8;

const dirOf = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
const baseOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1);
const join = (dir: string, name: string): string => (dir ? `${dir}/${name}` : name);

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

/** What each AndroidQF file must start with; a file with that name but other content does not count. */
const CONTENT_CHECKS: Array<{ name: string; test: (head: string) => boolean; says: string }> = [
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
    test: (h) => /^\s*\[/.test(h.replace(/^\uFEFF/, '')) && /"name"\s*:/.test(h) && /"files"\s*:/.test(h),
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
];

/**
 * Recognises an acquisition by what its files hold, not by the zip's name: an AndroidQF output
 * (at least two of its file names in one folder, and one of them with the content AndroidQF
 * writes), or an Android bugreport (the dumpstate text named by main_entry.txt, or a
 * `bugreport-*.txt`/`dumpstate-*.txt`, starting with dumpstate's `== dumpstate: <time>` header).
 */
export async function detectAcquisition(zip: SafeZip): Promise<Acquisition> {
  let sniffs = 0;
  const budget = (): boolean => sniffs++ < MAX_SNIFFS;

  // AndroidQF: the folder with the most of its file names, at the root or one level down.
  const byRoot = new Map<string, Map<string, ZipEntryInfo>>();
  for (const entry of zip.files.values()) {
    const dir = dirOf(entry.path);
    if (dir.includes('/')) continue;
    const name = baseOf(entry.path);
    if (!ANDROIDQF_FILES.includes(name)) continue;
    let found = byRoot.get(dir);
    if (!found) byRoot.set(dir, (found = new Map()));
    found.set(name, entry);
  }
  const roots = [...byRoot.entries()].filter(([, files]) => files.size >= 2).sort((a, b) => b[1].size - a[1].size);
  for (const [root, files] of roots.slice(0, 2)) {
    for (const check of CONTENT_CHECKS) {
      const entry = files.get(check.name);
      if (!entry || entry.size === 0 || !budget()) continue;
      if (check.test(await sniff(zip, entry))) return { kind: 'androidqf', root, files, evidence: check.says };
    }
  }

  // Bugreport: main_entry.txt names the dumpstate file.
  const dumpstate = async (entry: ZipEntryInfo, how: string): Promise<Acquisition | null> => {
    if (entry.size === 0 || !budget()) return null;
    const head = await sniff(zip, entry);
    if (!/^== dumpstate: /m.test(head.slice(0, 4096))) return null;
    return {
      kind: 'bugreport',
      root: dirOf(entry.path),
      main: entry,
      evidence: `${how} starts with dumpstate's header`,
    };
  };
  for (const entry of zip.files.values()) {
    if (baseOf(entry.path) !== 'main_entry.txt' || entry.path.split('/').length > 2 || entry.size > 4096 || !budget())
      continue;
    const named = (await sniff(zip, entry)).trim();
    if (!named || named.includes('..') || named.startsWith('/')) continue;
    const main = zip.files.get(join(dirOf(entry.path), named));
    const found = main ? await dumpstate(main, `${main.path} (named by main_entry.txt)`) : null;
    if (found) return found;
  }
  for (const entry of zip.files.values()) {
    const name = baseOf(entry.path);
    if (entry.path.split('/').length > 2 || !/^(bugreport|dumpstate)-.+\.txt$/.test(name)) continue;
    const found = await dumpstate(entry, entry.path);
    if (found) return found;
  }

  return {
    kind: 'unknown',
    reason:
      'not an Android acquisition: no AndroidQF output (packages.json, getprop.txt, dumpsys.txt... with their content) and no bugreport (a dumpstate text named by main_entry.txt or bugreport-*.txt)',
  };
}
