import { describe, expect, it } from 'vitest';
import { acceptedFileName } from './useUploadQueue';

describe('acceptedFileName (what the upload screen sends to the API)', () => {
  it('takes every kind the API inspects, Android zips and rotated shutdown logs included', () => {
    const taken = ['sysdiagnose.tar.gz', 'a.TGZ', 'b.tar', 'crash.ips', 'shutdown.log', 'shutdown.1.log', 'ps.txt', 'androidqf.zip', 'bugreport-2026.ZIP'];
    expect(taken.filter((name) => !acceptedFileName(name))).toEqual([]);
  });

  it('refuses what the API would refuse by name', () => {
    const refused = ['setup.exe', '.zip', '.tar.gz', 'shutdown.x.log', 'notes.txt', 'zip'];
    expect(refused.filter((name) => acceptedFileName(name))).toEqual([]);
  });
});
