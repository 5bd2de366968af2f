import { describe, expect, it } from 'vitest';

import { createZip } from '../android/testZip';
import { buildMatcher } from '../matcher';
import { parseStixBundle } from '../stixBundle';
import {
  aftermathZip,
  EXAMPLE_MAC_FAMILY,
  exampleMacBundle,
  execPolicyDatabase,
  execPolicyWithWal,
  MAC_SAMPLE,
  tccDatabase,
} from './aftermathSamples';
import { execPolicyObservations, execPolicyTimeline, readExecPolicy } from './execPolicy';
import { execPolicyHeuristics } from './execPolicyHeuristics';
import { readAftermath } from './readAftermath';
import { applyWal } from './sqliteWal';

const NOW = new Date('2024-06-10T00:00:00Z');
const SOURCE = 'Artifacts/raw/provenance/ExecPolicy';
const SHA = 'ab'.repeat(32);

const unsignedDownload = {
  signed: 0 as const,
  fileIdentifier: 'payload',
  cdhash: '11'.repeat(20),
  mainExecutableHash: SHA.toUpperCase(),
  quarantined: 1 as const,
  at: '2024-06-02T08:14:00Z',
};

describe('ExecPolicy (syspolicyd) reader', () => {
  it('reads measurements, provenance and scan targets with their Unix-second times', async () => {
    const policy = await readExecPolicy(
      await execPolicyDatabase({
        measurements: [
          unsignedDownload,
          {
            signed: 1,
            fileIdentifier: '/Applications/Tool.app/Contents/MacOS/Tool',
            bundleId: 'com.tool',
            teamId: 'ABCDE12345',
            signingId: 'com.tool',
            cdhash: '22'.repeat(20),
            // Not a SHA-256 (40 hex): kept out of the hash observations.
            mainExecutableHash: 'cd'.repeat(20),
            quarantined: 0,
            at: '2024-05-01T10:00:00Z',
          },
        ],
        provenance: [
          { url: 'file:///Users/alex/Downloads/My%20Tool.app/', signingId: 'mytool-1', at: '2024-06-02T08:13:00Z' },
        ],
        scanTargets: [{ path: '/Users/alex/Downloads/My Tool.app', responsible: null, at: '2024-06-02T08:12:00Z' }],
      }),
      SOURCE,
    );
    expect(policy.measurements).toEqual([
      expect.objectContaining({
        name: 'payload',
        path: null,
        signed: false,
        quarantined: true,
        sha256: SHA,
        cdhash: '11'.repeat(20),
        teamId: null,
        at: '2024-06-02T08:14:00.000Z',
      }),
      expect.objectContaining({
        name: 'Tool',
        path: '/Applications/Tool.app/Contents/MacOS/Tool',
        signed: true,
        sha256: null,
        teamId: 'ABCDE12345',
      }),
    ]);
    expect(policy.provenance).toEqual([
      expect.objectContaining({
        path: '/Users/alex/Downloads/My Tool.app',
        teamId: null,
        at: '2024-06-02T08:13:00.000Z',
      }),
    ]);
    expect(policy.scanned).toEqual([expect.objectContaining({ path: '/Users/alex/Downloads/My Tool.app' })]);

    const observed = execPolicyObservations(policy).map((o) => `${o.kind} ${o.value}`);
    expect(observed).toEqual(
      expect.arrayContaining([
        `fileHash ${SHA}`,
        'process payload',
        'path /Applications/Tool.app/Contents/MacOS/Tool',
        'bundleId com.tool',
        'bundleId mytool-1',
        'path /Users/alex/Downloads/My Tool.app',
        // The code signature, for the code-signing extension's rules.
        'teamId ABCDE12345',
        'signingId com.tool',
        'signingId mytool-1',
        `cdhash ${'11'.repeat(20)}`,
        `cdhash ${'22'.repeat(20)}`,
      ]),
    );
    // A team id is a team id only: never a bundle id or a process.
    expect(observed.filter((o) => o.includes('ABCDE12345'))).toEqual(['teamId ABCDE12345']);
    expect(observed).not.toContain(`fileHash ${'cd'.repeat(20)}`);

    const timeline = execPolicyTimeline(policy);
    expect(timeline.map((e) => [e.kind, e.at])).toEqual([
      ['execution', '2024-06-02T08:14:00.000Z'],
      ['execution', '2024-05-01T10:00:00.000Z'],
      ['execution', '2024-06-02T08:13:00.000Z'],
    ]);
    expect(timeline[0]!.text).toMatch(/payload.*unsigned.*quarantined/);
  });

  it('flags an unsigned download that ran, and an app with no team opened from a user-writable folder', async () => {
    const policy = await readExecPolicy(
      await execPolicyDatabase({
        measurements: [
          unsignedDownload,
          // Unsigned but neither downloaded nor in a user folder (a locally built tool): not flagged.
          { signed: 0, fileIdentifier: 'mytool', cdhash: '33'.repeat(20), quarantined: 0, at: '2024-06-01T00:00:00Z' },
          {
            signed: 0,
            fileIdentifier: '/Users/alex/.cache/x/agent',
            cdhash: '44'.repeat(20),
            quarantined: 0,
            at: '2024-06-01T00:00:00Z',
          },
        ],
        provenance: [
          { url: 'file:///Users/alex/Downloads/Setup.app/', at: '2024-06-02T08:13:00Z' },
          { url: 'file:///Users/alex/Downloads/Signed.app/', teamId: 'ABCDE12345', at: '2024-06-02T08:13:00Z' },
          { url: 'file:///Applications/Local.app/', at: '2024-06-02T08:13:00Z' },
        ],
      }),
      SOURCE,
    );
    const found = execPolicyHeuristics(policy);
    expect(found.map((h) => `${h.rule}:${h.level} ${h.message}`)).toEqual([
      'macos.unsigned-execution:medium Unsigned payload ran after it was downloaded (quarantined)',
      'macos.unsigned-execution:high Unsigned /Users/alex/.cache/x/agent ran from a hidden folder',
      'macos.unsigned-execution:medium /Users/alex/Downloads/Setup.app was opened past Gatekeeper from a user-writable folder, with no developer team',
    ]);
    for (const h of found) {
      expect(h.why.length).toBeGreaterThan(60);
      expect(h.source).toBe(SOURCE);
      expect(h.evidence.length).toBeGreaterThan(0);
    }
    expect(found[0]!.evidence).toContain(`SHA256 ${SHA}`);
  });

  it('refuses a truncated database and a database without its tables with a clear message', async () => {
    const whole = await execPolicyDatabase({ measurements: [unsignedDownload] });
    await expect(readExecPolicy(whole.subarray(0, whole.length - 100), SOURCE)).rejects.toThrow(
      /truncated SQLite database: \d+ of the \d+ bytes its header declares/,
    );
    await expect(readExecPolicy(await tccDatabase([]), SOURCE)).rejects.toThrow(/no ExecPolicy tables/);
    await expect(readExecPolicy(Buffer.alloc(0), SOURCE)).rejects.toThrow(/not an SQLite database/);
  });

  it('in an archive: a truncated ExecPolicy is reported and the rest still read; a -wal that is not one is named', async () => {
    const whole = await execPolicyDatabase({ measurements: [unsignedDownload] });
    const r = await readAftermath(
      createZip([
        { name: 'Aftermath_S/Recon/system_information.txt', data: 'Serial Number: S\n' },
        { name: `Aftermath_S/${SOURCE}`, data: whole.subarray(0, 4096) },
      ]),
      { now: NOW },
    );
    expect(r.identity.serial).toBe('S');
    expect(r.artefacts.find((a) => a.path === SOURCE)!.error).toMatch(/truncated SQLite database/);
    const garbled = await readAftermath(
      createZip([
        { name: `Aftermath_S/${SOURCE}`, data: whole },
        { name: `Aftermath_S/${SOURCE}-wal`, data: Buffer.alloc(4096 + 32, 1) },
      ]),
      { now: NOW },
    );
    expect(garbled.warnings).toEqual([
      `${SOURCE}-wal: not applied (not an SQLite write-ahead log): the database read without it`,
    ]);
    expect(garbled.artefacts.find((a) => a.path === SOURCE)).toEqual({ path: SOURCE, records: 1 });
  });

  it("applies the -wal's committed frames (the newest rows live there), and none past a torn frame", async () => {
    const { database, wal } = await execPolicyWithWal(
      { provenance: [{ url: 'file:///Applications/Old.app/', teamId: 'ABCDE12345', at: '2024-01-01T00:00:00Z' }] },
      { measurements: [unsignedDownload] },
    );
    expect((await readExecPolicy(database, SOURCE)).measurements).toEqual([]);
    const applied = applyWal(database, wal);
    expect(applied.frames).toBeGreaterThan(0);
    expect((await readExecPolicy(applied.bytes, SOURCE)).measurements.map((m) => m.name)).toEqual(['payload']);
    // A copy taken mid-write: the last (commit) frame cut short, so the transaction is not applied.
    expect(applyWal(database, wal.subarray(0, wal.length - 10))).toEqual({ bytes: database, frames: 0 });
    // A forged commit size (checksums recomputed, as a forger would) is refused, not allocated.
    const forged = Buffer.from(wal);
    const frame = 24 + database.readUInt16BE(16);
    const last = forged.length - frame;
    forged.writeUInt32BE(0xfffffff0, last + 4);
    let s0 = 0;
    let s1 = 0;
    const sum = (from: number, to: number) => {
      for (let i = from; i < to; i += 8) {
        s0 = (s0 + forged.readUInt32LE(i) + s1) >>> 0;
        s1 = (s1 + forged.readUInt32LE(i + 4) + s0) >>> 0;
      }
    };
    sum(0, 24);
    for (let at = 32; at < forged.length; at += frame) {
      sum(at, at + 8);
      sum(at + 24, at + frame);
      forged.writeUInt32BE(s0, at + 16);
      forged.writeUInt32BE(s1, at + 20);
    }
    expect(() => applyWal(database, forged)).toThrow(/declares 4294967280 pages/);
    const zip = (w: Buffer) =>
      createZip([
        { name: `Aftermath_S/${SOURCE}`, data: database },
        { name: `Aftermath_S/${SOURCE}-wal`, data: w },
      ]);
    const r = await readAftermath(zip(wal), { now: NOW });
    expect(r.artefacts.find((a) => a.path === `${SOURCE}-wal`)).toEqual({
      path: `${SOURCE}-wal`,
      records: applied.frames,
    });
    expect(r.heuristics.map((h) => h.rule)).toEqual(['macos.unsigned-execution']);
  });

  it('the flagged sample: the updater measured and matched by its hash, the installer flagged; the control is quiet', async () => {
    const r = await readAftermath(await aftermathZip(), { now: NOW });
    expect(r.artefacts.find((a) => a.path === SOURCE)).toEqual({ path: SOURCE, records: 5 });
    expect(r.artefacts.find((a) => a.path === `${SOURCE}-wal`)!.records).toBeGreaterThan(0);
    expect(r.observations).toContainEqual(
      expect.objectContaining({ kind: 'fileHash', value: MAC_SAMPLE.agentSha256, source: SOURCE }),
    );
    expect(r.observations).toContainEqual(
      expect.objectContaining({ kind: 'bundleId', value: MAC_SAMPLE.installerSigningId, source: SOURCE }),
    );
    const matcher = buildMatcher(parseStixBundle(exampleMacBundle()).indicators);
    const matched = r.observations.filter((o) => o.source === SOURCE).flatMap((o) => matcher.match(o));
    expect(matched.map((f) => `${f.family.name} ${f.observation.kind}`)).toEqual([`${EXAMPLE_MAC_FAMILY} fileHash`]);
    expect(r.timeline.filter((e) => e.kind === 'execution').map((e) => e.at)).toEqual([
      '2024-01-10T08:58:00.000Z',
      '2024-01-10T08:58:00.000Z',
      '2024-06-02T08:13:00.000Z',
      '2024-06-02T08:14:00.000Z',
    ]);
    expect(r.heuristics.filter((h) => h.rule === 'macos.unsigned-execution').map((h) => h.level)).toEqual([
      'medium',
      'medium',
    ]);
    const clean = await readAftermath(await aftermathZip({ clean: true }), { now: NOW });
    expect(clean.artefacts.find((a) => a.path === SOURCE)!.records).toBe(3);
    expect(clean.heuristics).toEqual([]);
  });
});
