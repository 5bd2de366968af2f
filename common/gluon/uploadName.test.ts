import { describe, expect, it } from 'vitest';

import { acceptedUploadName, artefactNameKind, uploadNameKind } from './uploadName';

describe('uploadNameKind (the name rule the upload screen and the API share)', () => {
  it.each([
    ['sysdiagnose.tar.gz', 'archive'],
    ['a.TGZ', 'archive'],
    ['b.tar', 'archive'],
    ['crash.ips', 'artefact'],
    ['Crash.IPS', 'artefact'],
    ['shutdown.log', 'artefact'],
    ['shutdown.1.log', 'artefact'],
    ['shutdown.12.log', 'artefact'],
    ['ps.txt', 'artefact'],
    ['androidqf.zip', 'zip'],
    ['bugreport-2026.ZIP', 'zip'],
    ['setup.exe', null],
    ['.zip', null],
    ['.tar.gz', null],
    ['.tar', null],
    ['.ips', null],
    ['shutdown.x.log', null],
    ['Shutdown.log', null],
    ['PS.txt', null],
    ['notes.txt', null],
    ['zip', null],
    ['', null],
  ] as const)('%s → %s', (name, kind) => {
    expect(uploadNameKind(name)).toBe(kind);
    expect(acceptedUploadName(name)).toBe(kind !== null);
  });
});

describe('artefactNameKind (the artefacts read inside an archive, by last path segment)', () => {
  it.each([
    ['system_logs.logarchive/Extra/shutdown.log', 'shutdown.log'],
    ['logs/shutdown.0.log', 'shutdown.log'],
    ['sysdiagnose/ps.txt', 'ps.txt'],
    ['crashes_and_spins/App-2026.ips', 'ips'],
    ['dir.ips/readme.txt', null],
    ['dir/.ips', null],
    ['x.tar.gz', null],
  ] as const)('%s → %s', (path, kind) => {
    expect(artefactNameKind(path)).toBe(kind);
  });
});
