import { describe, expect, it } from 'vitest';

import { ArchiveError } from '../archiveError';
import { buildMatcher } from '../matcher';
import type { Indicator } from '../types';
import { androidQfFiles, dumpstateText, getpropText } from './androidSamples';
import { androidBackup, SAMPLE_FLAGGED_DOMAIN, SAMPLE_FLAGGED_LINK } from './backupSamples';
import { type AndroidInspection, readAndroidAcquisition } from './readAndroid';
import { createZip, type TestZipEntry } from './testZip';

const NOW = new Date('2023-09-01T00:00:00Z');
const read = (entries: TestZipEntry[]): Promise<AndroidInspection> =>
  readAndroidAcquisition(createZip(entries), { now: NOW });
const values = (r: AndroidInspection, kind: string): string[] =>
  r.observations.filter((o) => o.kind === kind).map((o) => o.value);
const artefact = (r: AndroidInspection, kind: string) => r.artefacts.find((a) => a.kind === kind);

describe('Android acquisitions as the tools write them', () => {
  it('reads an AndroidQF folder zipped by hand (one top-level folder, a UUID folder inside, macOS noise beside)', async () => {
    const inner = androidQfFiles({ root: '' }).map((e) => ({ ...e, name: `Evidence/6f1c2b9e/${e.name}` }));
    const r = await read([
      { name: 'Evidence/' },
      ...inner,
      { name: '__MACOSX/Evidence/._getprop.txt', data: Buffer.from([0, 5, 22, 7]) },
      { name: 'Evidence/.DS_Store', data: Buffer.from([0, 0, 0, 1]) },
    ]);
    expect(r.acquisition).toBe('androidqf');
    expect(r.root).toBe('Evidence/6f1c2b9e');
    expect(r.device.model).toBeTruthy();
    expect(r.missing).toEqual(['backup.ab', 'bugreport.zip']);
  });

  it('reads a partial AndroidQF (getprop.txt only) and lists the modules that are not in it', async () => {
    const r = await read([{ name: 'getprop.txt', data: getpropText() }]);
    expect(r.acquisition).toBe('androidqf');
    expect(values(r, 'property').length).toBeGreaterThan(5);
    expect(r.missing).toContain('packages.json');
    expect(r.missing).toContain('dumpsys.txt');
    expect(r.missing).not.toContain('getprop.txt');
    expect(r.artefacts.every((a) => !a.error)).toBe(true);
  });

  it('reads a partial AndroidQF with only a settings file and processes.json', async () => {
    const r = await read([
      { name: 'acq/settings_global.txt', data: 'adb_enabled=1\n' },
      { name: 'acq/processes.json', data: JSON.stringify([{ pid: 1, command_line: ['init'], filename: 'init' }]) },
    ]);
    expect(r.acquisition).toBe('androidqf');
    expect(values(r, 'process')).toContain('init');
    expect(r.heuristics.map((h) => h.rule)).toContain('android.adb-enabled');
  });

  it('follows main_entry.txt to a dumpstate of any name, in a folder', async () => {
    const r = await read([
      { name: 'report/main_entry.txt', data: 'dumpstate_board_2023.log' },
      { name: 'report/dumpstate_board_2023.log', data: dumpstateText() },
      { name: 'report/version.txt', data: '2.0' },
    ]);
    expect(r.acquisition).toBe('bugreport');
    expect(r.evidence).toContain('named by main_entry.txt');
    expect(values(r, 'property').length).toBeGreaterThan(5);
  });

  it('reads a partial dumpstate (no header, some sections) with what it has', async () => {
    const text = dumpstateText();
    const partial = text.slice(text.indexOf('------ PROCESSES AND THREADS'), text.indexOf('------ DUMPSYS'));
    const r = await read([
      { name: 'main_entry.txt', data: 'main.txt' },
      { name: 'main.txt', data: partial },
    ]);
    expect(r.acquisition).toBe('bugreport');
    expect(r.evidence).toContain("holds dumpstate's sections");
    expect(values(r, 'process')).toContain('implantd');
    expect(values(r, 'property')).toEqual([]);
  });

  it('lists kernel threads without their brackets and matches them', async () => {
    const ps = [
      'USER           PID  PPID     VSZ    RSS WCHAN            ADDR S NAME',
      'root             2     0       0      0 kthreadd            0 S [kthreadd]',
      'root            10     2       0      0 rcu_gp              0 I [rcu_preempt]',
      'root            12     2       0      0 worker_thread       0 I [kworker/0:0H]',
    ].join('\n');
    const r = await read([{ name: 'processes.txt', data: ps }]);
    expect(values(r, 'process')).toEqual(['kthreadd', 'rcu_preempt', 'kworker/0:0H']);
    const matcher = buildMatcher([indicator('process:name', 'kworker/0:0H'), indicator('process:name', 'rcu_preempt')]);
    const hits = r.observations.flatMap((o) => matcher.match({ kind: 'process', value: o.value, source: o.source }));
    expect(hits.map((f) => f.indicator.value).sort()).toEqual(['kworker/0:0H', 'rcu_preempt']);
  });

  it('reads SMS links out of a compressed backup.ab, with the message as evidence', async () => {
    const r = await read([
      { name: 'getprop.txt', data: getpropText() },
      { name: 'backup.ab', data: androidBackup(), method: 'store' },
    ]);
    expect(values(r, 'url')).toEqual(['https://example.org/menu', SAMPLE_FLAGGED_LINK, 'bit.ly/3xYzAbC']);
    expect(values(r, 'domain')).toEqual(['example.org', 'track.shoppingeos.com', 'bit.ly']);
    const link = r.observations.find((o) => o.value === SAMPLE_FLAGGED_LINK)!;
    expect(link.source).toBe('backup.ab');
    expect(link.raw).toContain('SMS +15550199: Your parcel could not be delivered');
    expect(link.timestamp).toBe('2023-03-04T06:06:40.000Z');
    expect(link.jsonPath).toBe('apps/com.android.providers.telephony/d_f/000000_sms_backup$[1].body');
    const short = r.observations.find((o) => o.kind === 'url' && o.value.startsWith('bit.ly'))!;
    expect(short.detail).toEqual({ shortener: true });
    const matcher = buildMatcher([indicator('domain-name:value', SAMPLE_FLAGGED_DOMAIN)]);
    const found = r.observations.flatMap((o) =>
      matcher.match({ kind: o.kind as 'domain', value: o.value, source: o.source }),
    );
    expect(found.map((f) => [f.observation.value, f.route])).toEqual([['track.shoppingeos.com', 'subdomain']]);
  });

  it('reads an uncompressed backup.ab the same', async () => {
    const r = await read([{ name: 'backup.ab', data: androidBackup({ compressed: false }) }]);
    expect(r.acquisition).toBe('androidqf');
    expect(values(r, 'url')).toContain(SAMPLE_FLAGGED_LINK);
  });

  it.each([
    ['encrypted', androidBackup({ encryption: 'AES-256' }), /encrypted \(AES-256\)/],
    ['truncated', androidBackup({ truncateAt: 200 }), /truncated/],
    ['of an unknown version', androidBackup({ version: 99 }), /unknown Android backup version/],
  ])('an %s backup.ab is that artefact’s error, the rest is read', async (_what, data, message) => {
    const r = await read([
      { name: 'getprop.txt', data: getpropText() },
      { name: 'backup.ab', data, method: 'store' },
    ]);
    expect(artefact(r, 'backup')?.error).toMatch(message);
    expect(values(r, 'property').length).toBeGreaterThan(5);
  });

  it('takes links from dumpsys and dumpstate lines, with the line as evidence', async () => {
    const dumpsys = [
      '-------------------------------------------------------------------------------',
      'DUMP OF SERVICE activity:',
      '  Intent { act=android.intent.action.VIEW dat=https://cdn.shoppingeos.com/a.apk flg=0x10000000 }',
      '-------------------------------------------------------------------------------',
      'DUMP OF SERVICE package:',
      'Packages:',
    ].join('\n');
    const r = await read([
      { name: 'getprop.txt', data: getpropText() },
      { name: 'dumpsys.txt', data: dumpsys },
    ]);
    const link = r.observations.find((o) => o.kind === 'url')!;
    expect(link).toMatchObject({ value: 'https://cdn.shoppingeos.com/a.apk', source: 'dumpsys.txt', line: 3 });
    expect(artefact(r, 'links')?.observations).toBe(2);
  });

  it('still refuses a zip that is no Android acquisition, naming what it looked for', async () => {
    const err = await read([{ name: 'notes/readme.txt', data: 'hello' }]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ArchiveError);
    expect((err as Error).message).toMatch(/not an Android acquisition: no AndroidQF output/);
  });
});

function indicator(type: Indicator['type'], value: string): Indicator {
  return {
    id: `indicator--${value}`,
    type,
    value,
    pattern: `[${type} = '${value}']`,
    family: { id: 'f', name: 'F' },
    ruleSet: { id: 'bundle--x', name: 'X', version: '1' },
  };
}
