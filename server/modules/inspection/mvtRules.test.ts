import { describe, expect, it } from 'vitest';

import { extractArtefact } from './artefacts';
import { inspectArchive } from './inspectArchive';
import { buildMatcher } from './matcher';
import { extractShutdownLog } from './shutdownLog';
import { createTarGz } from './tarWriter';
import type { Indicator, IndicatorType, MatchRoute, Observation, ObservationKind } from './types';

/**
 * The five places where MVT's documented matching differs from what gluon did, one row per
 * rule and platform. `mvt` names the rule followed (README, "Matching rules"); each row says which
 * indicators the observation must reach, and by which route, or that it must reach none.
 */
const ruleSet = { id: 'bundle--mvt', name: 'MVT rules', version: '1' };
const family = { id: 'malware--f', name: 'Spy' };
const ind = (id: string, type: IndicatorType, value: string): Indicator => ({
  id,
  type,
  value,
  pattern: `[${type} = '${value}']`,
  family,
  ruleSet,
});

const indicators = [
  ind('long-process', 'process:name', 'com.example.spyservice'), // 22 characters; 16 first: 'com.example.spys'
  ind('short-process', 'process:name', 'bh'),
  ind('agent-process', 'process:name', 'roleaccountd.staging'),
  ind('app', 'app:id', 'Com.Example.Spy'),
  ind('app-process', 'process:name', 'com.example.implant'),
];

type Platform = 'ios' | 'android';
interface Row {
  mvt: string;
  platform: Platform;
  kind: ObservationKind;
  value: string;
  source: string;
  expected: Array<[string, MatchRoute]>;
}

const PROCESS_16 =
  'MVT: a process name of exactly 16 characters (kernel truncation) matches an indicator that starts with it';
const SHUTDOWN_PARTS =
  "MVT: a process-name indicator matches a shutdown.log client equal to any component of the client's path";
const APP_ID = 'MVT: app ids compare case-insensitively, and are also checked against process-name indicators';

const rows: Row[] = [
  {
    mvt: PROCESS_16,
    platform: 'ios',
    kind: 'process',
    value: 'com.example.spys',
    source: 'ps.txt',
    expected: [['long-process', 'truncated-name']],
  },
  {
    mvt: PROCESS_16,
    platform: 'ios',
    kind: 'path',
    value: '/usr/libexec/com.example.spys',
    source: 'ps.txt',
    expected: [['long-process', 'truncated-name']],
  },
  {
    mvt: PROCESS_16,
    platform: 'android',
    kind: 'process',
    value: 'com.example.spys',
    source: 'processes.txt',
    expected: [['long-process', 'truncated-name']],
  },
  {
    mvt: PROCESS_16,
    platform: 'android',
    kind: 'process',
    value: 'com.example.spyservice',
    source: 'processes.txt',
    expected: [['long-process', 'exact']],
  },
  // 15 and 17 characters are not a cut: only the exact rule applies.
  {
    mvt: PROCESS_16,
    platform: 'android',
    kind: 'process',
    value: 'com.example.spy',
    source: 'processes.txt',
    expected: [],
  },
  { mvt: PROCESS_16, platform: 'ios', kind: 'process', value: 'com.example.spyse', source: 'ps.txt', expected: [] },
  { mvt: PROCESS_16, platform: 'ios', kind: 'process', value: 'com.example.spyx', source: 'ps.txt', expected: [] },

  {
    mvt: SHUTDOWN_PARTS,
    platform: 'ios',
    kind: 'path',
    value: '/private/var/db/roleaccountd.staging/subridged',
    source: 'system_logs.logarchive/Extra/shutdown.log',
    expected: [['agent-process', 'path-component']],
  },
  {
    mvt: SHUTDOWN_PARTS,
    platform: 'ios',
    kind: 'path',
    value: '/private/var/tmp/bh/x',
    source: 'Extra/shutdown.1.log',
    expected: [['short-process', 'path-component']],
  },
  {
    mvt: SHUTDOWN_PARTS,
    platform: 'ios',
    kind: 'path',
    value: '/usr/sbin/bh',
    source: 'shutdown.log',
    expected: [['short-process', 'basename']],
  },
  // Ours: only shutdown.log clients; a ps.txt path is matched on its executable's name.
  {
    mvt: SHUTDOWN_PARTS,
    platform: 'ios',
    kind: 'path',
    value: '/private/var/tmp/bh/x',
    source: 'ps.txt',
    expected: [],
  },
  // Whole components only.
  {
    mvt: SHUTDOWN_PARTS,
    platform: 'ios',
    kind: 'path',
    value: '/private/var/tmp/bhx/x',
    source: 'shutdown.log',
    expected: [],
  },

  {
    mvt: APP_ID,
    platform: 'ios',
    kind: 'bundleId',
    value: 'com.example.spy',
    source: 'crash.ips',
    expected: [['app', 'exact']],
  },
  {
    mvt: APP_ID,
    platform: 'ios',
    kind: 'bundleId',
    value: 'COM.EXAMPLE.SPY',
    source: 'crash.ips',
    expected: [['app', 'exact']],
  },
  {
    mvt: APP_ID,
    platform: 'android',
    kind: 'bundleId',
    value: 'com.example.SPY',
    source: 'packages.json',
    expected: [['app', 'exact']],
  },
  {
    mvt: APP_ID,
    platform: 'android',
    kind: 'bundleId',
    value: 'com.example.implant',
    source: 'packages.json',
    expected: [['app-process', 'exact']],
  },
  {
    mvt: APP_ID,
    platform: 'ios',
    kind: 'bundleId',
    value: 'com.example.implant',
    source: 'crash.ips',
    expected: [['app-process', 'exact']],
  },
  {
    mvt: APP_ID,
    platform: 'android',
    kind: 'bundleId',
    value: 'com.example.spy2',
    source: 'packages.json',
    expected: [],
  },
];

describe('MVT matching rules, iOS and Android', () => {
  const matcher = buildMatcher(indicators);
  it.each(rows)('$platform — $mvt: $kind $value ($source)', ({ kind, value, source, expected }) => {
    const observation: Observation = { kind, value, source };
    expect(matcher.match(observation).map((f) => [f.indicator.id, f.route])).toEqual(expected);
  });

  it('MVT: rotated shutdown logs (shutdown.0.log, shutdown.1.log, ...) are read beside shutdown.log', () => {
    const text = 'remaining client pid: 7 (/private/var/db/roleaccountd.staging/subridged)\nSIGTERM: [1700000000]\n';
    for (const name of ['shutdown.log', 'shutdown.0.log', 'Extra/shutdown.12.log']) {
      const result = extractArtefact(name, new TextEncoder().encode(text));
      expect(result.error, name).toBeUndefined();
      expect(result.observations.map((o) => o.value)).toEqual(['/private/var/db/roleaccountd.staging/subridged']);
      expect(matcher.match(result.observations[0]!).map((f) => f.indicator.id)).toEqual(['agent-process']);
    }
    expect(extractArtefact('shutdown.old.log', new TextEncoder().encode(text)).error).toMatch(/not an artefact/);
  });

  it('MVT: rotated shutdown logs are read inside a sysdiagnose archive too', async () => {
    const extra = 'sysdiagnose_x/system_logs.logarchive/Extra';
    const client = (path: string, epoch: number) => `remaining client pid: 7 (${path})\nSIGTERM: [${epoch}]\n`;
    const report = await inspectArchive(
      createTarGz([
        { path: `${extra}/shutdown.log`, data: client('/usr/libexec/mobileassetd', 1_700_100_000) },
        { path: `${extra}/shutdown.0.log`, data: client('/usr/sbin/bh', 1_700_000_000) },
        {
          path: `${extra}/shutdown.1.log`,
          data: client('/private/var/db/roleaccountd.staging/subridged', 1_699_000_000),
        },
      ]),
      matcher,
    );
    expect(report.artefacts.map((a) => [a.path.slice(extra.length + 1), a.kind, a.observations])).toEqual([
      ['shutdown.log', 'shutdown.log', 1],
      ['shutdown.0.log', 'shutdown.log', 1],
      ['shutdown.1.log', 'shutdown.log', 1],
    ]);
    expect(report.findings.map((f) => [f.observation.source.slice(extra.length + 1), f.indicator.id, f.route])).toEqual(
      [
        ['shutdown.0.log', 'short-process', 'basename'],
        ['shutdown.1.log', 'agent-process', 'path-component'],
      ],
    );
  });

  it.each([
    ['SIGTERM: [1700000000]', '2023-11-14T22:13:20.000Z'],
    ['SIGTERM: @1700000000', '2023-11-14T22:13:20.000Z'],
    ['SIGTERM: reboot requested @1700086400', '2023-11-15T22:13:20.000Z'],
  ])('MVT: a SIGTERM line dates the clients before it, [epoch] or @epoch — %s', (sigterm, iso) => {
    const { observations } = extractShutdownLog(
      `remaining client pid: 7 (/usr/sbin/a)\n${sigterm}\nremaining client pid: 8 (/usr/sbin/b)\n`,
      'shutdown.log',
    );
    expect(observations.map((o) => [o.value, o.timestamp])).toEqual([
      ['/usr/sbin/a', iso],
      ['/usr/sbin/b', undefined],
    ]);
  });
});
