import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { artefactKind, extractArtefact } from './artefacts';
import { crashIps, psText, shutdownLogText } from './sampleArtefacts';

describe('artefactKind', () => {
  it('names the files the extractors read, by base name', () => {
    expect(artefactKind('sysdiagnose_2023/system_logs.logarchive/Extra/shutdown.log')).toBe('shutdown.log');
    expect(artefactKind('sysdiagnose_2023/ps.txt')).toBe('ps.txt');
    expect(artefactKind('crashes_and_spins/JetsamEvent-2023-06-01.ips')).toBe('ips');
    expect(artefactKind('ps_thread.txt')).toBeNull();
    expect(artefactKind('.ips')).toBeNull();
    expect(artefactKind('shutdown.log.old')).toBeNull();
  });

  it('reads the .ips extension in any case, as the console accepts it', () => {
    expect(artefactKind('Crash.IPS')).toBe('ips');
    expect(artefactKind('crashes/Report.Ips')).toBe('ips');
    expect(artefactKind('.IPS')).toBeNull();
  });
});

describe('extractArtefact', () => {
  it('dispatches on the name', () => {
    const log = extractArtefact(
      'x/shutdown.log',
      Buffer.from(shutdownLogText([{ epoch: 1, clients: [{ pid: 1, path: '/a' }] }])),
    );
    expect(log.observations.map((o) => o.value)).toEqual(['/a']);
    const ps = extractArtefact('ps.txt', Buffer.from(psText(['/b'])));
    expect(ps.observations.map((o) => o.value)).toEqual(['/b']);
    const ips = extractArtefact('c.ips', Buffer.from(`\uFEFF${crashIps({ procName: 'c', procPath: '/c' })}`));
    expect(ips.error).toBeUndefined();
    expect(ips.observations[0]!.value).toBe('/c');
  });

  it('binary garbage, bad UTF-8, oversize and unknown files are per-file errors, not throws', () => {
    expect(extractArtefact('a.ips', Buffer.from([0x7b, 0x00, 0x7d])).error).toBe('binary content: not a text file');
    expect(extractArtefact('ps.txt', Buffer.from([0x50, 0xc3, 0x28])).error).toBe(
      'binary content: not valid UTF-8 text',
    );
    expect(extractArtefact('shutdown.log', Buffer.alloc(11, 0x41), 10).error).toBe(
      'file is too large (11 bytes, at most 10)',
    );
    expect(extractArtefact('notes.txt', Buffer.from('x')).error).toMatch(/not an artefact we read/);
  });

  it('never throws on random bytes or truncations, whatever the kind', () => {
    const names = ['shutdown.log', 'ps.txt', 'x.ips'];
    const good = Buffer.from(crashIps({ procName: 'p', procPath: '/p', images: ['/a', '/b'] }));
    for (let round = 0; round < 200; round++) {
      const name = names[round % names.length]!;
      const data = round % 2 === 0 ? randomBytes(round * 7) : good.subarray(0, (round * 37) % good.length);
      const result = extractArtefact(name, data);
      expect(result.source).toBe(name);
      expect(Array.isArray(result.observations)).toBe(true);
    }
  });
});
