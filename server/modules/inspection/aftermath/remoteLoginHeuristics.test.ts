import { describe, expect, it } from 'vitest';

import { aftermathZip, logShowText, REMOTE_SAMPLE } from './aftermathSamples';
import { readAftermath } from './readAftermath';
import { isPrivateAddress, MAX_REMOTE_ADDRESSES, remoteLoginHeuristics } from './remoteLoginHeuristics';
import { readUnifiedLog } from './unifiedLog';

const NOW = new Date('2024-06-10T00:00:00Z');
const chunksOf = (text: string) => [Buffer.from(text)];

const sshd = (message: string, second = 0) => ({
  at: `2024-06-03 02:00:${String(second).padStart(2, '0')}.000000+0000`,
  process: 'sshd',
  pid: 4000 + second,
  message,
});

async function heuristicsOf(entries: ReturnType<typeof sshd>[]) {
  const read = await readUnifiedLog(chunksOf(logShowText('process == "sshd"', entries)), 'UnifiedLog/ssh.txt');
  return remoteLoginHeuristics(read.remoteLogins);
}

describe('remote logins from outside private networks (macos.remote-login-outside)', () => {
  it.each([
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.1.5', true],
    ['100.101.102.103', true],
    ['100.128.0.1', false],
    ['169.254.10.1', true],
    ['127.0.0.1', true],
    ['203.0.113.50', false],
    ['8.8.8.8', false],
    ['::1', true],
    ['fe80::1%en0', true],
    ['fd12:3456::1', true],
    ['fc:1::1', false],
    ['2001:db8::1', false],
    ['::ffff:192.168.1.9', true],
    ['::ffff:203.0.113.9', false],
    ['alex-mbp.local', true],
    ['nas', true],
    ['vpn.example.com', false],
  ])('%s is private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });

  it('grades by outcome: an ssh login medium, one after failures high, failures alone low; private and loopback quiet', async () => {
    expect(
      await heuristicsOf([
        sshd('Accepted publickey for alex from 192.168.1.5 port 50522 ssh2: ED25519 SHA256:Zm9vYmFy', 1),
        sshd('Failed password for alex from 127.0.0.1 port 50523 ssh2', 2),
        sshd('Accepted publickey for alex from fe80::1%en0 port 50524 ssh2', 3),
      ]),
    ).toEqual([]);
    const [medium] = await heuristicsOf([sshd('Accepted publickey for alex from 198.51.100.3 port 22 ssh2', 1)]);
    expect(medium).toMatchObject({
      rule: 'macos.remote-login-outside',
      level: 'medium',
      message: 'An ssh login from 198.51.100.3, an address outside private networks',
      source: 'UnifiedLog/ssh.txt',
    });
    expect(medium!.evidence).toEqual([
      'ssh logins from 198.51.100.3: 1 accepted, 0 failed',
      'user alex',
      'authenticated by publickey',
      'at 2024-06-03T02:00:01.000Z',
      expect.stringMatching(/^line 3: .*Accepted publickey for alex from 198\.51\.100\.3/),
    ]);
    const guessed = await heuristicsOf([
      sshd('Invalid user admin from 203.0.113.7 port 4242', 1),
      sshd('Failed password for invalid user admin from 203.0.113.7 port 4242 ssh2', 2),
      sshd('Failed password for alex from 203.0.113.7 port 4243 ssh2', 3),
      sshd('Accepted password for alex from 203.0.113.7 port 4244 ssh2', 4),
      sshd('Failed password for root from 2001:db8::7 port 4245 ssh2', 5),
    ]);
    expect(guessed.map((h) => [h.level, h.message])).toEqual([
      ['high', 'An ssh login from 203.0.113.7, an address outside private networks, after failed attempts'],
      ['low', 'Failed ssh logins from 2001:db8::7, an address outside private networks'],
    ]);
    // "Invalid user" and the failure that follows it are one attempt.
    expect(guessed[0]!.evidence.slice(0, 4)).toEqual([
      'ssh logins from 203.0.113.7: 1 accepted, 2 failed',
      'users admin, alex',
      'authenticated by password',
      'from 2024-06-03T02:00:02.000Z to 2024-06-03T02:00:04.000Z',
    ]);
    expect(guessed[0]!.why).toMatch(/Remote Login \(ssh\)/);
  });

  it('is bounded: addresses past the cap are not counted, and a warning says so', async () => {
    const entries = Array.from({ length: MAX_REMOTE_ADDRESSES + 5 }, (_, i) =>
      sshd(`Failed password for root from 198.51.${Math.floor(i / 250)}.${i % 250} port 22 ssh2`, i % 60),
    );
    const read = await readUnifiedLog(chunksOf(logShowText('process == "sshd"', entries)), 'UnifiedLog/ssh.txt');
    expect(read.remoteLogins).toHaveLength(MAX_REMOTE_ADDRESSES);
    expect(read.warnings).toContain(
      `UnifiedLog/ssh.txt: remote logins from more than ${MAX_REMOTE_ADDRESSES} addresses: the rest not counted`,
    );
  });

  it('fires on a generated archive (a guessed ssh password, a screen sharing session) and stays quiet on the clean control', async () => {
    const report = await readAftermath(await aftermathZip({ clean: true, remoteLogins: true }), { now: NOW });
    const remote = report.heuristics.filter((h) => h.rule === 'macos.remote-login-outside');
    expect(remote.map((h) => [h.level, h.source, h.message])).toEqual([
      [
        'high',
        'UnifiedLog/ssh.txt',
        `An ssh login from ${REMOTE_SAMPLE.ssh}, an address outside private networks, after failed attempts`,
      ],
      [
        'high',
        'UnifiedLog/screensharing.txt',
        `A screen sharing session from ${REMOTE_SAMPLE.screen}, an address outside private networks`,
      ],
    ]);
    expect(remote[1]!.evidence).toEqual([
      `Screen sharing sessions from ${REMOTE_SAMPLE.screen}: 1 accepted, 0 failed`,
      'user alex',
      'authenticated by DH',
      'at 2024-06-03T00:30:00.000Z',
      expect.stringMatching(/^line 3: .*Authentication: SUCCEEDED/),
    ]);
    expect(remote[1]!.why).toMatch(/Screen Sharing/);
    // The control logs an ssh login too, from the Mac's own network.
    const clean = await readAftermath(await aftermathZip({ clean: true }), { now: NOW });
    expect(clean.artefacts.find((a) => a.path === 'UnifiedLog/ssh.txt')).toEqual({
      path: 'UnifiedLog/ssh.txt',
      records: 1,
    });
    expect(clean.heuristics).toEqual([]);
  });
});
