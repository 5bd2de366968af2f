import { describe, expect, it } from 'vitest';

import { openZip } from '../android/safeZip';
import { ArchiveError } from '../archiveError';
import { readFixtureBundle } from '../indicatorFixtures';
import { buildMatcher } from '../matcher';
import { parseStixBundle } from '../stixBundle';
import type { Observation } from '../types';
import { backupArchive } from './backupArchive';
import { BackupError, type BackupFault } from './backupError';
import { generateIosBackup, SAMPLE_BACKUP_LINK } from './backupGenerator';
import { tarLooksLikeBackup, tarSource, zipBackupRoot, zipSource } from './backupSource';
import { MAX_KEYBAG_DPIC, MAX_KEYBAG_ITER, passwordKey } from './keybag';
import { type BackupInspection, readIosBackup } from './readBackup';

async function read(
  archive: Buffer,
  password?: string,
): Promise<{ result: BackupInspection; observations: Observation[] }> {
  const observations: Observation[] = [];
  const zip = archive[0] === 0x50;
  let source;
  if (zip) {
    const opened = await openZip(archive);
    const root = zipBackupRoot(opened);
    expect(root).not.toBeNull();
    source = zipSource(opened, root!);
  } else source = await tarSource(() => archive);
  const result = await readIosBackup(source, { password, onObservation: (o) => observations.push(o) });
  return { result, observations };
}

async function fault(archive: Buffer, password?: string): Promise<BackupError> {
  const error = await read(archive, password).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackupError);
  return error as BackupError;
}

const expectFault = (e: BackupError, kind: BackupFault, message: RegExp) => {
  expect(e.fault).toBe(kind);
  expect(e.message).toMatch(message);
};

describe('iPhone backups', () => {
  it.each(['zip', 'tar', 'tar.gz'] as const)('reads an unencrypted backup (%s) with its evidence', async (format) => {
    const archive = backupArchive(await generateIosBackup(), format);
    if (format !== 'zip') expect(await tarLooksLikeBackup(archive)).toBe(true);
    const { result, observations } = await read(archive);
    expect(result.encrypted).toBe(false);
    expect(result.device).toMatchObject({
      platform: 'ios',
      modelCode: 'iPhone14,2',
      osVersion: 'iPhone OS 17.4.1 (21E236)',
    });
    const link = observations.find((o) => o.kind === 'url' && o.value === SAMPLE_BACKUP_LINK);
    expect(link).toMatchObject({
      source: 'HomeDomain/Library/SMS/sms.db',
      line: 1,
      timestamp: '2024-05-01T00:00:00.000Z',
    });
    expect(link!.raw).toContain('message ROWID 1');
    const kinds = (source: string) =>
      new Set(observations.filter((o) => o.source.endsWith(source)).map((o) => `${o.kind}:${o.value}`));
    expect(kinds('sms.db')).toContain('domain:snapshare.chat');
    expect(kinds('History.db')).toContain('url:https://news.example.net/today');
    expect(kinds('BrowserState.db')).toContain('domain:weather.example.com');
    expect(kinds('observations.db')).toContain('domain:example.net');
    expect(kinds('DataUsage.sqlite')).toEqual(
      new Set(['process:MobileSafari', 'bundleId:com.apple.mobilesafari', 'process:mDNSResponder']),
    );
    expect(kinds('TCC.db')).toEqual(new Set(['bundleId:com.example.chat']));
    expect(kinds('CallHistory.storedata')).toEqual(new Set(['email:friend@example.org']));
    expect(kinds('AddressBook.sqlitedb')).toContain('url:https://social.example.com/alex');
    expect(kinds('idstatuscache.plist')).toEqual(new Set(['email:friend@example.org']));
    expect(kinds('profile-6c1d5f8a.stub')).toContain('domain:proxy.example.com');
    expect(kinds('Info.plist')).toContain('bundleId:com.example.weather');
    expect(result.artefacts.find((a) => a.path.endsWith('profile-6c1d5f8a.stub'))!.warnings).toEqual([
      'configuration profile installed: Example Wi-Fi (com.example.wifi)',
    ]);
  });

  it('reads an encrypted backup with its password, and the example rule set flags its link', async () => {
    const { result, observations } = await read(backupArchive(await generateIosBackup({ password: 'pw-1' })), 'pw-1');
    expect(result.encrypted).toBe(true);
    expect(result.artefacts.length).toBe(11);
    const matcher = buildMatcher(
      parseStixBundle(readFixtureBundle('darksword'), { fallbackName: 'DarkSword' }).indicators,
    );
    const findings = observations.flatMap((o) => matcher.match(o));
    expect(findings.map((f) => [f.observation.kind, f.observation.value, f.indicator.value])).toContainEqual([
      'domain',
      'snapshare.chat',
      'snapshare.chat',
    ]);
  });

  it('reads an encrypted tarred backup', async () => {
    const { observations } = await read(backupArchive(await generateIosBackup({ password: 'pw' }), 'tar.gz'), 'pw');
    expect(observations.some((o) => o.value === SAMPLE_BACKUP_LINK)).toBe(true);
  });

  it('names a wrong password, and a missing one', async () => {
    const archive = backupArchive(await generateIosBackup({ password: 'right' }));
    expectFault(await fault(archive, 'wrong'), 'password', /wrong backup password/);
    expectFault(await fault(archive), 'password-missing', /encrypted: upload it again with its backup password/);
  });

  it('names a corrupt database', async () => {
    const bad = Buffer.concat([Buffer.from('SQLite format 3\0', 'latin1'), Buffer.alloc(4096 - 16, 0xee)]);
    for (const password of [undefined, 'pw']) {
      const archive = backupArchive(
        await generateIosBackup({ password, replace: { 'HomeDomain/Library/SMS/sms.db': bad } }),
      );
      expectFault(
        await fault(archive, password),
        'sqlite',
        /HomeDomain\/Library\/SMS\/sms\.db is a corrupt SQLite database/,
      );
    }
    const notSqlite = backupArchive(
      await generateIosBackup({ replace: { 'Manifest.db': Buffer.from('not a database') } }),
    );
    expectFault(await fault(notSqlite), 'sqlite', /Manifest\.db is not an SQLite database/);
  });

  it('names a truncated backup: a listed file missing, a cut database, a cut archive', async () => {
    const omitted = backupArchive(await generateIosBackup({ omit: ['HomeDomain/Library/TCC/TCC.db'] }));
    expectFault(
      await fault(omitted),
      'truncated',
      /incomplete: 1 file listed in Manifest.db is not in it \(HomeDomain\/Library\/TCC\/TCC.db\)/,
    );
    const backup = await generateIosBackup({ password: 'pw' });
    const cut = backup.entries.map((e) =>
      e.path === 'Manifest.db' ? { ...e, data: e.data.subarray(0, e.data.length - 5) } : e,
    );
    expectFault(await fault(backupArchive({ entries: cut }), 'pw'), 'truncated', /Manifest.db is truncated/);
    const tar = backupArchive(backup, 'tar');
    const error = await read(tar.subarray(0, Math.floor(tar.length / 2)), 'pw').then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ArchiveError);
    expect((error as ArchiveError).code).toBe('truncated');
  });

  it('refuses a keybag that asks for too many iterations, before deriving anything', async () => {
    const bag = { salt: Buffer.alloc(20), iterations: MAX_KEYBAG_ITER + 1, classKeys: [] };
    await expect(passwordKey(bag, 'pw')).rejects.toThrow(/asks for 1000001 PBKDF2 iterations/);
    const deep = { ...bag, iterations: 1, dpsl: Buffer.alloc(20), dpic: MAX_KEYBAG_DPIC + 1 };
    await expect(passwordKey(deep, 'pw')).rejects.toThrow(/PBKDF2 iterations \(at most 20000000\)/);
  });

  it('refuses a database past its page bound', async () => {
    const backup = await generateIosBackup();
    const opened = await openZip(backupArchive(backup));
    const source = zipSource(opened, zipBackupRoot(opened)!);
    const error = await readIosBackup(source, {
      onObservation: () => undefined,
      limits: { sqlite: { maxBytes: 1 << 30, maxPages: 1, maxRows: 10, maxMs: 1000 } },
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expectFault(error as BackupError, 'too-large', /Manifest.db has \d+ pages \(at most 1\)/);
  });
});
