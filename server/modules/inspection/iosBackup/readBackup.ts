import { createDecipheriv, createHash } from 'node:crypto';

import { MAX_OBSERVATIONS_PER_FILE } from '../bounds';
import { clipRaw, type DeviceIdentity, type Observation } from '../types';
import { BackupError } from './backupError';
import { BACKUP_MODULES, type BackupModule, installedApps } from './backupModules';
import type { BackupSource } from './backupSource';
import { aesUnwrap, parseKeybag, unlockKeybag } from './keybag';
import { isDict, parsePlist, PlistError, type PlistValue, unarchive } from './plist';
import { DEFAULT_SQLITE_LIMITS, openDatabase, type SqliteLimits } from './sqlite';

export interface BackupLimits {
  sqlite: SqliteLimits;
  /** Manifest.db rows looked at. */
  maxManifestRows: number;
  /** Files read (the modules' databases and plists; configuration profiles count one each). */
  maxFiles: number;
  /** The whole reading, checked between files. */
  maxMs: number;
}

export const DEFAULT_BACKUP_LIMITS: BackupLimits = {
  sqlite: DEFAULT_SQLITE_LIMITS,
  maxManifestRows: 2_000_000,
  maxFiles: 500,
  maxMs: 5 * 60_000,
};

export interface BackupReadOptions {
  /** The backup password; needed only for an encrypted backup, used only in memory. */
  password?: string;
  onObservation: (observation: Observation) => void;
  limits?: Partial<BackupLimits>;
}

export interface BackupArtefact {
  path: string;
  kind: string;
  observations: number;
  error?: string;
  warnings: string[];
}

export interface BackupInspection {
  encrypted: boolean;
  root: string;
  device: DeviceIdentity;
  artefacts: BackupArtefact[];
  warnings: string[];
  observations: number;
  /** Files listed in Manifest.db (its Files table). */
  manifestFiles: number;
}

const ZERO_IV = Buffer.alloc(16);

/** AES-256-CBC, zero IV, PKCS7 padding removed, cut to the size Manifest.db records. */
export function decryptFile(name: string, key: Buffer, data: Buffer, size?: number): Buffer {
  if (data.length % 16 !== 0)
    throw new BackupError(
      'truncated',
      `${name} is truncated (${data.length} bytes is not a whole number of AES blocks)`,
    );
  const decipher = createDecipheriv('aes-256-cbc', key, ZERO_IV);
  decipher.setAutoPadding(false);
  let plain = Buffer.concat([decipher.update(data), decipher.final()]);
  const pad = plain.length ? plain[plain.length - 1]! : 0;
  if (pad >= 1 && pad <= 16 && plain.subarray(plain.length - pad).every((b) => b === pad))
    plain = plain.subarray(0, plain.length - pad);
  if (size !== undefined && size >= 0 && size < plain.length) plain = plain.subarray(0, size);
  return plain;
}

function plist(name: string, data: Buffer): PlistValue {
  try {
    return parsePlist(data);
  } catch (error) {
    if (error instanceof PlistError)
      throw new BackupError('plist', `${name} is not a readable property list (${error.message})`);
    throw error;
  }
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** A wrapped key as Manifest.plist and MBFile write it: 4-byte little-endian protection class, then the wrapped key. */
function unwrapWithClass(name: string, classKeys: Map<number, Buffer>, blob: Buffer): Buffer {
  if (blob.length < 4 + 24) throw new BackupError('manifest', `${name}: its encryption key is malformed`);
  const clas = blob.readUInt32LE(0);
  const classKey = classKeys.get(clas);
  if (!classKey) throw new BackupError('keybag', `${name}: protection class ${clas} is not in the keybag`);
  const key = aesUnwrap(classKey, blob.subarray(4));
  if (!key) throw new BackupError('manifest', `${name}: its encryption key does not unwrap`);
  return key;
}

interface Wanted {
  fileId: string;
  domain: string;
  relativePath: string;
  module: BackupModule;
  key?: Buffer;
  size?: number;
}

const hashedPath = (fileId: string) => `${fileId.slice(0, 2)}/${fileId}`;

/**
 * Reads an iTunes/Finder backup: Manifest.plist (and for an encrypted one, its keybag unlocked by
 * the password), Manifest.db, then each file a module reads, decrypted with its own key. Every
 * fault (a wrong or missing password, a corrupt database, a file missing from the hashed tree) is
 * a BackupError naming it, so an inspection either reads the backup whole or stores nothing.
 */
export async function readIosBackup(source: BackupSource, options: BackupReadOptions): Promise<BackupInspection> {
  const limits = { ...DEFAULT_BACKUP_LIMITS, ...options.limits };
  const started = Date.now();
  const head = new Map<string, Buffer>();
  await source.each(['Manifest.plist', 'Info.plist', 'Manifest.db'], limits.sqlite.maxBytes, async (path, data) => {
    head.set(path, data);
  });
  const manifestDb = head.get('Manifest.db');
  if (!manifestDb)
    throw new BackupError(
      'layout',
      source.size('Manifest.mbdb') !== undefined
        ? 'iPhone backup of iOS 9 or older (Manifest.mbdb): not supported'
        : 'not a readable iPhone backup: Manifest.db is missing',
    );
  const manifestPlist = head.get('Manifest.plist');
  const manifest = manifestPlist ? plist('Manifest.plist', manifestPlist) : null;
  const info = head.get('Info.plist') ? plist('Info.plist', head.get('Info.plist')!) : null;
  const encrypted = isDict(manifest) && manifest.IsEncrypted === true;

  let classKeys: Map<number, Buffer> | null = null;
  let dbBytes: Buffer = manifestDb;
  if (encrypted) {
    if (!isDict(manifest) || !Buffer.isBuffer(manifest.BackupKeyBag) || !Buffer.isBuffer(manifest.ManifestKey))
      throw new BackupError('manifest', 'Manifest.plist of an encrypted backup lacks its BackupKeyBag or ManifestKey');
    if (!options.password)
      throw new BackupError(
        'password-missing',
        'this iPhone backup is encrypted: upload it again with its backup password',
      );
    classKeys = await unlockKeybag(parseKeybag(manifest.BackupKeyBag), options.password);
    const key = unwrapWithClass('Manifest.db', classKeys, manifest.ManifestKey);
    dbBytes = decryptFile('Manifest.db', key, manifestDb);
  }

  const db = await openDatabase('Manifest.db', dbBytes, limits.sqlite);
  const wanted: Wanted[] = [];
  let manifestFiles = 0;
  try {
    const cols = db.tables().has('Files') ? db.columns('Files') : new Set<string>();
    if (!['fileID', 'domain', 'relativePath', 'flags', 'file'].every((c) => cols.has(c)))
      throw new BackupError('manifest', 'Manifest.db has no Files table (fileID, domain, relativePath, flags, file)');
    manifestFiles = Number(db.rows('SELECT count(*) AS n FROM Files').rows[0]?.n ?? 0);
    if (manifestFiles > limits.maxManifestRows)
      throw new BackupError(
        'too-large',
        `Manifest.db lists ${manifestFiles} files (at most ${limits.maxManifestRows})`,
      );
    // Only the rows a module reads are fetched with their blobs (a phone lists some hundred thousand files).
    const candidates = db.rows(
      `SELECT fileID, domain, relativePath, file FROM Files WHERE flags = 1 AND (relativePath LIKE '%.db' OR relativePath LIKE '%.sqlite' OR relativePath LIKE '%.sqlitedb' OR relativePath LIKE '%.storedata' OR relativePath LIKE 'Library/Preferences/com.apple.identityservices.%' OR relativePath LIKE 'Library/ConfigurationProfiles/profile-%')`,
    ).rows;
    for (const r of candidates) {
      const domain = String(r.domain ?? '');
      const relativePath = String(r.relativePath ?? '');
      const module = BACKUP_MODULES.find((m) => m.matches(domain, relativePath));
      if (!module) continue;
      const fileId = String(r.fileID ?? '').toLowerCase();
      const name = `${domain}/${relativePath}`;
      if (!/^[0-9a-f]{40}$/.test(fileId))
        throw new BackupError('manifest', `Manifest.db: ${name} has a malformed fileID`);
      if (wanted.length >= limits.maxFiles)
        throw new BackupError('too-large', `more than ${limits.maxFiles} files to read`);
      const item: Wanted = { fileId, domain, relativePath, module };
      if (classKeys) {
        const blob = r.file;
        if (!(blob instanceof Uint8Array)) throw new BackupError('manifest', `Manifest.db: ${name} has no file record`);
        let record: PlistValue;
        try {
          record = unarchive(plist(`Manifest.db record of ${name}`, Buffer.from(blob)));
        } catch (error) {
          if (error instanceof PlistError)
            throw new BackupError('manifest', `Manifest.db record of ${name}: ${error.message}`);
          throw error;
        }
        if (!isDict(record) || !Buffer.isBuffer(record.EncryptionKey))
          throw new BackupError('manifest', `Manifest.db: ${name} has no EncryptionKey`);
        item.key = unwrapWithClass(name, classKeys, record.EncryptionKey);
        if (typeof record.Size === 'number') item.size = record.Size;
      }
      wanted.push(item);
    }
  } finally {
    db.close();
  }

  const device: DeviceIdentity = { platform: 'ios' };
  const artefacts: BackupArtefact[] = [];
  const warnings: string[] = [
    `iPhone backup${encrypted ? ' (encrypted)' : ''}: Manifest.db lists ${manifestFiles} files`,
  ];
  let observations = 0;
  const lockdown = isDict(manifest) && isDict(manifest.Lockdown) ? manifest.Lockdown : {};
  if (isDict(info) || isDict(lockdown)) {
    const i = isDict(info) ? info : {};
    const version = str(i['Product Version']) ?? str(lockdown.ProductVersion);
    const build = str(i['Build Version']) ?? str(lockdown.BuildVersion);
    if (version) device.osVersion = `iPhone OS ${version}${build ? ` (${build})` : ''}`;
    const model = str(i['Product Type']) ?? str(lockdown.ProductType);
    if (model) device.modelCode = model;
    const serial = str(i['Serial Number']) ?? str(lockdown.SerialNumber);
    if (serial) device.serial = serial;
    const apps = installedApps(info);
    for (const app of apps.slice(0, MAX_OBSERVATIONS_PER_FILE))
      options.onObservation({
        kind: 'bundleId',
        value: app,
        source: 'Info.plist',
        raw: clipRaw(`Installed Applications: ${app}`),
      });
    observations += Math.min(apps.length, MAX_OBSERVATIONS_PER_FILE);
    artefacts.push({
      path: 'Info.plist',
      kind: 'Installed applications (Info.plist)',
      observations: apps.length,
      warnings: [],
    });
  }

  const byPath = new Map(wanted.map((w) => [hashedPath(w.fileId), w]));
  const missing = wanted.filter((w) => source.size(hashedPath(w.fileId)) === undefined);
  if (missing.length)
    throw new BackupError(
      'truncated',
      `the backup is incomplete: ${missing.length} file${missing.length > 1 ? 's' : ''} listed in Manifest.db ${missing.length > 1 ? 'are' : 'is'} not in it (${missing
        .slice(0, 3)
        .map((w) => `${w.domain}/${w.relativePath}`)
        .join(', ')})`,
    );
  await source.each([...byPath.keys()], limits.sqlite.maxBytes, async (path, raw) => {
    if (Date.now() - started > limits.maxMs)
      throw new BackupError('too-large', `reading the backup took longer than ${limits.maxMs / 1000} s`);
    const w = byPath.get(path)!;
    const name = `${w.domain}/${w.relativePath}`;
    const data = w.key ? decryptFile(name, w.key, raw, w.size) : raw;
    const artefact: BackupArtefact = { path: name, kind: w.module.label, observations: 0, warnings: [] };
    const seen = new Set<string>();
    const input = {
      source: name,
      emit: (o: Omit<Observation, 'source'>) => {
        const key = `${o.kind}\u0000${o.value}`;
        if (seen.has(key)) return;
        if (seen.size >= MAX_OBSERVATIONS_PER_FILE) {
          if (seen.size === MAX_OBSERVATIONS_PER_FILE)
            artefact.warnings.push(`more than ${MAX_OBSERVATIONS_PER_FILE} distinct observations: the rest not kept`);
          seen.add('\u0001over');
          return;
        }
        seen.add(key);
        artefact.observations += 1;
        options.onObservation({ ...o, source: name });
      },
      warn: (message: string) => {
        if (artefact.warnings.length < 100) artefact.warnings.push(message);
      },
    };
    if (w.module.format === 'sqlite') {
      const file = await openDatabase(name, data, limits.sqlite);
      try {
        w.module.read({ ...input, db: file });
      } finally {
        file.close();
      }
    } else w.module.read({ ...input, plist: plist(name, data) });
    observations += artefact.observations;
    artefacts.push(artefact);
  });
  if (artefacts.length - (info ? 1 : 0) < wanted.length)
    throw new BackupError('truncated', 'the backup is incomplete: the archive ended before every file listed was read');
  for (const m of BACKUP_MODULES)
    if (m.id !== 'configuration-profiles' && !wanted.some((w) => w.module === m))
      warnings.push(`${m.label}: not in this backup`);
  return { encrypted, root: source.root, device, artefacts, warnings, observations, manifestFiles };
}

/** The fileID of a file in a backup: sha1 of `domain-relativePath`. */
export function backupFileId(domain: string, relativePath: string): string {
  return createHash('sha1').update(`${domain}-${relativePath}`).digest('hex');
}
