import { describe, expect, it } from 'vitest';

import { shutdownLogText } from './sampleArtefacts';
import { extractShutdownLog, SHUTDOWN_WHY } from './shutdownLog';

describe('extractShutdownLog', () => {
  const log = shutdownLogText([
    {
      epoch: 1_700_000_000,
      clients: [
        { pid: 61, path: '/usr/libexec/mobileassetd' },
        { pid: 77, path: '/private/var/db/com.apple.xpc.roleaccountd.staging/subridged', times: 4 },
      ],
    },
    { epoch: 1_700_086_400, clients: [{ pid: 61, path: '/usr/libexec/mobileassetd', times: 2 }] },
  ]);

  it('observes each client once per shutdown, dated by the SIGTERM that follows', () => {
    const { observations, error } = extractShutdownLog(log, 'shutdown.log');
    expect(error).toBeUndefined();
    expect(observations.map((o) => [o.kind, o.value, o.timestamp])).toEqual([
      ['path', '/usr/libexec/mobileassetd', '2023-11-14T22:13:20.000Z'],
      ['path', '/private/var/db/com.apple.xpc.roleaccountd.staging/subridged', '2023-11-14T22:13:20.000Z'],
      ['path', '/usr/libexec/mobileassetd', '2023-11-15T22:13:20.000Z'],
    ]);
    const bad = observations[1]!;
    expect(bad.source).toBe('shutdown.log');
    expect(bad.line).toBe(log.split('\n').findIndex((l) => l.includes('pid: 77')) + 1);
    expect(bad.raw).toBe('remaining client pid: 77 (/private/var/db/com.apple.xpc.roleaccountd.staging/subridged)');
  });

  it('flags a client that delayed a shutdown 3+ times and one running from /private/var/db or tmp', () => {
    const { heuristics } = extractShutdownLog(log, 'shutdown.log');
    expect(heuristics.map((h) => [h.rule, h.observation.value])).toEqual([
      ['shutdown.delayed-client', '/private/var/db/com.apple.xpc.roleaccountd.staging/subridged'],
      ['shutdown.suspicious-path', '/private/var/db/com.apple.xpc.roleaccountd.staging/subridged'],
    ]);
    expect(heuristics[0]!.message).toMatch(/delayed the shutdown 4 times/);
    // Each says why it matters, as the Android warnings do.
    expect(heuristics.map((h) => h.why)).toEqual([
      SHUTDOWN_WHY['shutdown.delayed-client'],
      SHUTDOWN_WHY['shutdown.suspicious-path'],
    ]);
    expect(heuristics.every((h) => (h.why?.length ?? 0) > 80)).toBe(true);
    // mobileassetd appeared twice: under the threshold.
    expect(heuristics.some((h) => h.observation.value === '/usr/libexec/mobileassetd')).toBe(false);
  });

  it('catches /var/tmp written without the /private prefix', () => {
    const { heuristics } = extractShutdownLog(
      'remaining client pid: 9 (/var/tmp/implant)\nSIGTERM: [1]\n',
      'shutdown.log',
    );
    expect(heuristics.map((h) => h.rule)).toEqual(['shutdown.suspicious-path']);
  });

  it('keeps clients after the last SIGTERM undated, ignores noise, never throws on garbage', () => {
    const text =
      'garbage line\n\u0001\u0002 remaining client pid: x (bad)\nremaining client pid: 5 (/usr/sbin/late)\r\n';
    const { observations } = extractShutdownLog(text, 'shutdown.log');
    expect(observations).toEqual([
      {
        kind: 'path',
        value: '/usr/sbin/late',
        source: 'shutdown.log',
        line: 3,
        raw: 'remaining client pid: 5 (/usr/sbin/late)',
      },
    ]);
    expect(extractShutdownLog('SIGTERM: [99999999999999999999]\n', 'x').observations).toEqual([]);
  });
});
