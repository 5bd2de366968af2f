import { describe, expect, it } from 'vitest';

import { createZip } from '../android/testZip';
import { buildMatcher } from '../matcher';
import { parseStixBundle } from '../stixBundle';
import { aftermathZip, EXAMPLE_MAC_FAMILY, exampleMacBundle, logShowText, MAC_SAMPLE } from './aftermathSamples';
import { readAftermath } from './readAftermath';
import { parseLogShowLine, readUnifiedLog } from './unifiedLog';

const NOW = new Date('2024-06-10T00:00:00Z');
const chunksOf = (text: string, size = 1 << 20) => {
  const bytes = Buffer.from(text);
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
};

describe('unified log text (log show, default style)', () => {
  it('reads an entry: its time with its zone, thread, type, activity, pid, ttl, process, subsystem and message', () => {
    expect(
      parseLogShowLine(
        '2024-06-02 10:16:05.733001+0200 0x2b1c4    Error       0x0                  7402   0    sudo: [com.apple.sudo:auth] alex : 3 incorrect password attempts',
      ),
    ).toEqual({
      at: '2024-06-02T08:16:05.733Z',
      thread: '0x2b1c4',
      type: 'Error',
      activity: '0x0',
      pid: 7402,
      ttl: 0,
      process: 'sudo',
      sender: null,
      subsystem: 'com.apple.sudo:auth',
      message: 'alex : 3 incorrect password attempts',
    });
    expect(
      parseLogShowLine(
        '2024-06-01 23:30:00.000000-0700 0x1       Default     0x0                  98     0    loginwindow: (Security) [com.apple.securityd:x] hello',
      ),
    ).toMatchObject({ at: '2024-06-02T06:30:00.000Z', process: 'loginwindow', sender: 'Security', message: 'hello' });
    expect(parseLogShowLine('2024-06-02 10:16:05 not a log line')).toBeNull();
  });

  it('an empty file is no entry and no warning', async () => {
    expect(await readUnifiedLog(chunksOf(''), 'UnifiedLog/ssh.txt')).toEqual({
      entries: 0,
      skipped: 0,
      events: [],
      observations: [],
      remoteLogins: [],
      warnings: [],
    });
  });

  it('skips malformed lines with a count, keeps banner, header and counts out, and reads a message on several lines', async () => {
    const text = [
      'Filtering the log data using "process == \\"tccd\\""',
      'Skipping info and debug messages, pass --info and/or --debug to include.',
      'Timestamp                       Thread     Type        Activity             PID    TTL  ',
      '2024-06-02 10:00:00.000000+0200 0x1        Default     0x0                  200    0    tccd: first',
      '   a continuation with https://a.example.org/x',
      '2024-06-02 10:00:0X.000000+0200 0x1        Default     0x0                  200    0    tccd: bad time',
      '2024-13-45 10:00:00.000000+0200 0x1        Default     0x0                  200    0    tccd: bad date',
      '2024-06-02 10:00:01.000000+0200 0x1        Default     0x0                  200    0    tccd: second',
      '--------------------------------------------------------------------------------------------------------------------',
      'Log      - Default:          2, Info:                0, Debug:             0, Error:          0, Fault:          0',
      'Activity - Create:            0, Transition:          0, Actions:           0',
      '',
    ].join('\r\n');
    // Chunks cut mid-line and mid-CRLF read the same.
    for (const size of [7, 1 << 20]) {
      const r = await readUnifiedLog(chunksOf(text, size), 'UnifiedLog/tcc.txt');
      expect(r.entries).toBe(2);
      expect(r.skipped).toBe(2);
      expect(r.warnings).toEqual(["UnifiedLog/tcc.txt: 2 lines not in log show's format skipped"]);
      expect(r.events.map((e) => e.text)).toEqual([
        'tcc: tccd: first a continuation with https://a.example.org/x',
        'tcc: tccd: second',
      ]);
      expect(r.observations).toContainEqual(
        expect.objectContaining({
          kind: 'domain',
          value: 'a.example.org',
          line: 5,
          timestamp: '2024-06-02T08:00:00.000Z',
        }),
      );
    }
  });

  it('yields links, the command a sudo line names, and the remote address of ssh and screen sharing', async () => {
    const sudo = logShowText('process == "sudo"', [
      {
        at: '2024-06-02 10:16:05.733001+0200',
        process: 'sudo',
        pid: 1,
        message:
          '  alex : 3 incorrect password attempts ; TTY=ttys001 ; PWD=/Users/alex ; USER=root ; COMMAND=/usr/bin/curl -o /tmp/x https://dl.example.net/x',
      },
    ]);
    const r = await readUnifiedLog(chunksOf(sudo), 'UnifiedLog/failed_sudo.txt');
    expect(r.observations.map((o) => `${o.kind} ${o.value}`)).toEqual([
      'process /usr/bin/curl',
      'path /usr/bin/curl',
      'url https://dl.example.net/x',
      'domain dl.example.net',
    ]);
    expect(r.observations[0]).toMatchObject({ line: 3, timestamp: '2024-06-02T08:16:05.733Z' });
    const ssh = await readUnifiedLog(
      chunksOf(
        logShowText('process == "sshd"', [
          {
            at: '2024-06-02 10:00:00.000000+0000',
            process: 'sshd',
            pid: 2,
            message: 'Failed password for invalid user admin from 203.0.113.7 port 4242 ssh2',
          },
          {
            at: '2024-06-02 10:00:01.000000+0000',
            process: 'sshd',
            pid: 2,
            message: 'Accepted keyboard-interactive/pam for alex from 198.51.100.3 port 22 ssh2',
          },
        ]),
      ),
      'UnifiedLog/ssh.txt',
    );
    expect(ssh.observations.map((o) => `${o.kind} ${o.value}`)).toEqual(['ipv4 203.0.113.7', 'ipv4 198.51.100.3']);
    const screen = await readUnifiedLog(
      chunksOf(
        logShowText('process == "screensharingd"', [
          {
            at: '2024-06-02 10:00:00.000000+0000',
            process: 'screensharingd',
            pid: 3,
            message: 'Authentication: SUCCEEDED :: User Name: alex :: Viewer Address: 203.0.113.9 :: Type: DH',
          },
        ]),
      ),
      'UnifiedLog/screensharing.txt',
    );
    expect(screen.observations.map((o) => `${o.kind} ${o.value}`)).toEqual(['ipv4 203.0.113.9']);
  });

  it('is bounded: lines past the cap are not read, an endless line is skipped, events per file are capped', async () => {
    const entries = Array.from({ length: 50 }, (_, i) => ({
      at: `2024-06-02 10:00:${String(i % 60).padStart(2, '0')}.000000+0000`,
      process: 'logind',
      pid: 9,
      message: `event ${i}`,
    }));
    const text = logShowText('process == "logind"', entries);
    const cut = await readUnifiedLog(chunksOf(text, 64), 'UnifiedLog/login.txt', { maxLines: 12, maxEvents: 5 });
    expect(cut.entries).toBe(10);
    expect(cut.events).toHaveLength(5);
    expect(cut.warnings).toEqual([
      'UnifiedLog/login.txt: more than 5 entries: the rest kept off the timeline',
      'UnifiedLog/login.txt: more than 12 lines: the rest not read',
    ]);
    const endless = `${text.split('\n').slice(0, 3).join('\n')}\n${'x'.repeat(200_000)}\n${text.split('\n')[3]}\n`;
    const long = await readUnifiedLog(chunksOf(endless, 1000), 'UnifiedLog/login.txt');
    expect(long.entries).toBe(2);
    expect(long.skipped).toBe(1);
  });

  it('in the flagged sample: the failed sudo fetching from the listed domain is on the timeline and observed', async () => {
    const r = await readAftermath(await aftermathZip(), { now: NOW });
    const source = 'UnifiedLog/failed_sudo.txt';
    expect(r.artefacts.find((a) => a.path === source)).toEqual({ path: source, records: 1 });
    expect(r.observations).toContainEqual(
      expect.objectContaining({ kind: 'domain', value: MAC_SAMPLE.c2Domain, source }),
    );
    expect(r.observations).toContainEqual(expect.objectContaining({ kind: 'process', value: '/bin/sh', source }));
    expect(r.timeline).toContainEqual({
      at: '2024-06-02T08:16:05.733Z',
      source,
      kind: 'log',
      text: `failed_sudo: sudo: alex : 3 incorrect password attempts ; TTY=ttys001 ; PWD=/Users/alex ; USER=root ; COMMAND=${MAC_SAMPLE.sudoCommand}`,
    });
    // The example rule set names the domain: the log line alone is a finding of its family.
    const matcher = buildMatcher(parseStixBundle(exampleMacBundle()).indicators);
    const fromLog = r.observations.filter((o) => o.source === source).flatMap((o) => matcher.match(o));
    expect(fromLog.map((f) => `${f.family.name} ${f.observation.kind} ${f.observation.line}`)).toEqual([
      `${EXAMPLE_MAC_FAMILY} domain 3`,
    ]);
    const clean = await readAftermath(await aftermathZip({ clean: true }), { now: NOW });
    expect(clean.observations.flatMap((o) => matcher.match(o))).toEqual([]);
    expect(clean.artefacts.filter((a) => a.path.startsWith('UnifiedLog/')).map((a) => a.records)).toEqual([1, 1]);
    expect(clean.timeline.filter((e) => e.kind === 'log')).toHaveLength(2);
    expect(clean.observations.some((o) => o.source.startsWith('UnifiedLog/') && o.value.includes('example.net'))).toBe(
      false,
    );
  });

  it('reads an archive holding nothing but unified logs', async () => {
    const r = await readAftermath(
      createZip([
        {
          name: 'Aftermath_S/UnifiedLog/ssh.txt',
          data: logShowText('process == "sshd"', [
            { at: '2024-06-02 10:00:00.000000+0000', process: 'sshd', pid: 2, message: 'hello' },
          ]),
        },
      ]),
      { now: NOW },
    );
    expect(r.timeline).toHaveLength(1);
  });
});
