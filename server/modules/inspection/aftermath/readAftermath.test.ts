import { describe, expect, it } from 'vitest';

import { createZip } from '../android/testZip';
import { ArchiveError } from '../archiveError';
import { aftermathZip, MAC_SAMPLE, quarantineDatabase, tccDatabase } from './aftermathSamples';
import { MAX_HISTORY_ROWS, MAX_TIMELINE_EVENTS, readAftermath } from './readAftermath';
import { cfAbsoluteToIso, parseLsof, parseSystemInformation, parseTrueTree, splitAftermathCsv } from './textParsers';

const NOW = new Date('2024-06-10T00:00:00Z');

describe('Aftermath readers on generated artefacts', () => {
  it('reads the sample: identity, persistence with digest and signature, TCC, quarantine, tree, lsof', async () => {
    const r = await readAftermath(await aftermathZip(), { now: NOW });
    expect(r.identity).toEqual({
      hostname: 'alex-mbp',
      model: MAC_SAMPLE.model,
      serial: MAC_SAMPLE.serial,
      osVersion: `macOS ${MAC_SAMPLE.osVersion}`,
    });
    expect(r.security).toEqual({ sip: true, gatekeeper: true, fileVault: true });
    expect(r.persistence.find((p) => p.label === MAC_SAMPLE.agentLabel)).toMatchObject({
      path: MAC_SAMPLE.agentPlist,
      program: MAC_SAMPLE.agentProgram,
      sha256: MAC_SAMPLE.agentSha256,
      signer: 'unsigned',
    });
    expect(r.tcc).toContainEqual(
      expect.objectContaining({ service: 'kTCCServiceSystemPolicyAllFiles', clientType: 'path', auth: 'allowed' }),
    );
    expect(r.downloads.map((d) => d.origin)).toContain(`https://${MAC_SAMPLE.c2Domain}/get`);
    expect(r.processes.find((p) => p.pid === 733)).toMatchObject({ ppid: 1, path: MAC_SAMPLE.agentProgram });
    expect(r.network.map((n) => n.remote)).toContain(`${MAC_SAMPLE.c2Domain}:443`);
    expect(r.observations).toContainEqual(expect.objectContaining({ kind: 'fileHash', value: MAC_SAMPLE.agentSha256 }));
    expect(r.observations).toContainEqual(expect.objectContaining({ kind: 'domain', value: MAC_SAMPLE.c2Domain }));
    expect(r.artefacts.filter((a) => a.error)).toEqual([]);
  });

  it('reads a long browser history whole (no stack overflow past 100,000 visits), a metadata.csv up to the timeline cap', async () => {
    const visits = 130_000;
    const history = ['datetime,user,profile,url'];
    for (let i = 0; i < visits; i++)
      history.push(`2024-05-01 10:00:00,alex,Default,https://site${i % 50}.example.com/p${i}`);
    const metadata = ['file,birth,modified,accessed,permissions,uid,gid,downloadedFrom'];
    for (let i = 0; i < MAX_TIMELINE_EVENTS + 10; i++)
      metadata.push(
        `/Users/alex/f,${i}.txt,2024-04-01 09:00:00,2024-04-02 09:00:00,2024-04-03 09:00:00,-rw-r--r--,501,20,`,
      );
    const r = await readAftermath(
      createZip([
        { name: 'Aftermath_X/Recon/system_information.txt', data: 'Serial Number: X\n' },
        { name: 'Aftermath_X/Browser/Chrome/history_output.csv', data: `${history.join('\n')}\n` },
        { name: 'Aftermath_X/metadata.csv', data: `${metadata.join('\n')}\n` },
      ]),
      { now: NOW },
    );
    expect(r.artefacts.filter((a) => a.error)).toEqual([]);
    expect(r.artefacts.find((a) => a.path.endsWith('history_output.csv'))!.records).toBe(visits);
    expect(r.observations.filter((o) => o.kind === 'url')).toHaveLength(visits);
    expect(r.artefacts.find((a) => a.path === 'metadata.csv')!.records).toBe(MAX_TIMELINE_EVENTS);
    // A comma in a path (Aftermath does not quote) stays in the file name.
    expect(r.timeline.find((e) => e.kind === 'file')!.text).toBe('created /Users/alex/f,0.txt');
    expect(MAX_HISTORY_ROWS).toBeGreaterThan(visits);
  });

  it('reads CFAbsolute timestamps (seconds since 2001) as dates', async () => {
    expect(cfAbsoluteToIso(0)).toBe('2001-01-01T00:00:00.000Z');
    expect(cfAbsoluteToIso('739267200')).toBe('2024-06-05T08:00:00.000Z');
    expect(cfAbsoluteToIso('x')).toBeNull();
    const zip = createZip([
      { name: 'Aftermath_S/Recon/system_information.txt', data: 'Serial Number: S\n' },
      {
        name: 'Aftermath_S/Artifacts/raw/lsquarantine_bob',
        data: await quarantineDatabase([
          { at: '2024-06-05T08:00:00Z', agent: 'com.google.Chrome', url: 'https://a.example/x', origin: '' },
        ]),
      },
    ]);
    const r = await readAftermath(zip, { now: NOW });
    expect(r.downloads[0]!.at).toBe('2024-06-05T08:00:00.000Z');
  });

  it('keeps the commas Aftermath leaves unquoted in the last column', () => {
    expect(splitAftermathCsv('2024-06-01 18:00:00,alex,Default,https://x.example/a,b?c=1,2', 4)).toEqual([
      '2024-06-01 18:00:00',
      'alex',
      'Default',
      'https://x.example/a,b?c=1,2',
    ]);
    expect(splitAftermathCsv('"a,b",c', 2)).toEqual(['a,b', 'c']);
  });

  it('parses system information, TrueTree and lsof lines', () => {
    expect(
      parseSystemInformation('System Integrity Protection: disabled\nFileVault Status: FileVault is Off.\n').security,
    ).toEqual({
      sip: false,
      // Not stated: unknown.
      gatekeeper: null,
      fileVault: false,
    });
    expect(parseTrueTree('/sbin/launchd 1\n    /A.app/A 2\n        /bin/sh 3\n    /B 4\n').map((p) => p.ppid)).toEqual([
      null,
      1,
      2,
      1,
    ]);
    expect(
      parseLsof(
        'COMMAND PID USER FD TYPE DEVICE SIZE/OFF NODE NAME\nx 9 u 3u IPv4 0x1 0t0 TCP 10.0.0.2:5->203.0.113.9:443 (ESTABLISHED)\n',
      ),
    ).toEqual([{ command: 'x', pid: 9, local: '10.0.0.2:5', remote: '203.0.113.9:443', state: 'ESTABLISHED' }]);
  });
});

describe('Mac heuristics', () => {
  const rules = async (options: Parameters<typeof aftermathZip>[0]) =>
    (await readAftermath(await aftermathZip(options), { now: NOW })).heuristics.map((h) => `${h.rule}:${h.level}`);

  it('flag the sample: a user-writable unsigned launch agent and Full Disk Access for it (High)', async () => {
    const found = await rules({});
    expect(found).toEqual(
      expect.arrayContaining(['macos.persistence-user-writable:high', 'macos.tcc-risky-grant:high']),
    );
  });

  it('flag SIP, Gatekeeper and FileVault off, a shell under the browser, and an XProtect detection', async () => {
    const found = await rules({ clean: true, weakened: true, xprotect: true });
    expect(found).toEqual(
      expect.arrayContaining([
        'macos.sip-disabled:high',
        'macos.gatekeeper-disabled:medium',
        'macos.filevault-off:low',
        'macos.unexpected-parent:high',
        'macos.xprotect-detection:high',
      ]),
    );
  });

  it('flag a launch agent downloaded in the last 30 days, and a recent risky grant to an app', async () => {
    const program = '/Applications/Tool.app/Contents/MacOS/Tool';
    const zip = createZip([
      { name: 'Aftermath_S/Recon/system_information.txt', data: 'Serial Number: S\n' },
      {
        name: 'Aftermath_S/Persistence/launchItems.txt',
        data: `----- file:///Library/LaunchDaemons/com.tool.plist -----\n["Label": com.tool, "Program": ${program}]\nSignature: unsigned\n`,
      },
      {
        name: 'Aftermath_S/Artifacts/raw/lsquarantine_a',
        data: await quarantineDatabase([
          { at: '2024-06-05T00:00:00Z', agent: 'com.apple.Safari', url: `file://${program}`, origin: '' },
        ]),
      },
      {
        name: 'Aftermath_S/Artifacts/raw/tcc_a',
        data: await tccDatabase([
          {
            service: 'kTCCServiceAccessibility',
            client: 'com.tool',
            clientType: 0,
            auth: 2,
            at: '2024-06-06T00:00:00Z',
          },
        ]),
      },
    ]);
    const found = (await readAftermath(zip, { now: NOW })).heuristics.map((h) => `${h.rule}:${h.level}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'macos.persistence-unsigned:medium',
        'macos.persistence-downloaded:high',
        'macos.tcc-risky-grant:medium',
      ]),
    );
  });

  it('stay quiet on the clean control archive', async () => {
    expect(await rules({ clean: true })).toEqual([]);
  });
});

describe('hostile and foreign archives', () => {
  const refusal = async (zip: Buffer) => {
    const error = await readAftermath(zip).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArchiveError);
    return (error as ArchiveError).message;
  };

  it('refuses traversal, links and too many entries before reading', async () => {
    expect(await refusal(createZip([{ name: 'Aftermath_S/../../etc/x', data: 'x' }]))).toMatch(/\.\./);
    expect(await refusal(createZip([{ name: 'Aftermath_S/Recon/x', data: '/etc', unixMode: 0o120777 }]))).toMatch(
      /link/,
    );
    const many = Array.from({ length: 30 }, (_, i) => ({ name: `Aftermath_S/Recon/${i}.txt`, data: 'x' }));
    const error = await readAftermath(createZip(many), {
      limits: {
        maxEntries: 10,
        maxEntryBytes: 1024,
        maxTotalBytes: 1024 * 1024,
        maxCompressionRatio: 100,
        ratioFloorBytes: 1024,
        maxReadBytes: 1024 * 1024,
        maxDepth: 8,
        maxPathLength: 200,
      },
    }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/entries/);
  });

  it('refuses a zip bomb (compression ratio) and a zip that is not Aftermath', async () => {
    expect(
      await refusal(
        createZip([{ name: 'Aftermath_S/Recon/system_information.txt', data: Buffer.alloc(8 * 1024 * 1024) }]),
      ),
    ).toMatch(/zip bomb/);
    expect(await refusal(createZip([{ name: 'notes/readme.txt', data: 'x' }]))).toMatch(/not an Aftermath archive/);
  });

  it('reports an unreadable database and reads the rest', async () => {
    const r = await readAftermath(
      createZip([
        { name: 'Aftermath_S/Recon/system_information.txt', data: 'Serial Number: S\n' },
        { name: 'Aftermath_S/Artifacts/raw/tcc_x', data: 'garbage' },
      ]),
    );
    expect(r.identity.serial).toBe('S');
    expect(r.artefacts.find((a) => a.path === 'Artifacts/raw/tcc_x')!.error).toMatch(/not an SQLite database/);
  });
});
