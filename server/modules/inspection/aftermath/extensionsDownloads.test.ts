import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { createZip } from '../android/testZip';
import { aftermathZip, MAC_SAMPLE } from './aftermathSamples';
import { MAX_DOWNLOAD_ROWS, MAX_TIMELINE_EVENTS, readAftermath } from './readAftermath';
import { firstShellWord, parseCrontab, parseCrontabs, parseDownloadsCsv, parseSystemExtensions } from './textParsers';

const NOW = new Date('2024-06-10T00:00:00Z');

describe('system extensions and browser downloads', () => {
  it('reads each .systemextension bundle once, with its bundle id and binary', () => {
    const items = parseSystemExtensions(
      [
        'System Extension URLs',
        '',
        '/Library/SystemExtensions/db.plist',
        '/Library/SystemExtensions/1A2B/com.vendor.net.systemextension/Contents/Info.plist',
        '/Library/SystemExtensions/1A2B/com.vendor.net.systemextension/Contents/MacOS/com.vendor.net',
        '',
      ].join('\n'),
      'Persistence/systemExtensions.txt',
    );
    expect(items).toEqual([
      {
        kind: 'systemExtension',
        path: '/Library/SystemExtensions/1A2B/com.vendor.net.systemextension',
        label: 'com.vendor.net',
        program: '/Library/SystemExtensions/1A2B/com.vendor.net.systemextension/Contents/MacOS/com.vendor.net',
        sha256: null,
        signer: null,
        source: 'Persistence/systemExtensions.txt',
      },
    ]);
  });

  it("keeps Aftermath's unquoted commas: Chromium, Firefox and Safari downloads", () => {
    const chrome = parseDownloadsCsv(
      'datetime,user,profile,url,target_path,danger_type,opened\n 2024-06-01 10:00:00,alex,Default,https://x.example/a,b.dmg,/Users/alex/Downloads/a,b.dmg,0,1\n 2024-06-01 11:00:00,alex,Default,https://y.example/c,,0,0\n',
    ).rows;
    expect(chrome).toEqual([
      { at: '2024-06-01T10:00:00.000Z', url: 'https://x.example/a,b.dmg', target: '/Users/alex/Downloads/a,b.dmg' },
      { at: '2024-06-01T11:00:00.000Z', url: 'https://y.example/c', target: null },
    ]);
    const firefox = parseDownloadsCsv(
      'datetime,url,contents\n2024-06-02 09:00:00,https://z.example/q?a=1,2,file:///Users/alex/Downloads/q%20x.zip\n',
    ).rows;
    expect(firefox).toEqual([
      { at: '2024-06-02T09:00:00.000Z', url: 'https://z.example/q?a=1,2', target: '/Users/alex/Downloads/q x.zip' },
    ]);
    const safari = parseDownloadsCsv('timestamp,url\n2024-06-03T08:00:00Z,https://s.example/f.pkg\nunknown,unknown\n');
    expect(safari.rows).toEqual([{ at: '2024-06-03T08:00:00.000Z', url: 'https://s.example/f.pkg', target: null }]);
    const many = [
      'timestamp,url',
      ...Array.from({ length: 5 }, (_, i) => `2024-06-03T08:00:00Z,https://s.example/${i}`),
    ];
    expect(parseDownloadsCsv(many.join('\n'), 3)).toMatchObject({ cut: true, rows: { length: 3 } });
  });

  it('shows them on the Mac: persistence and downloads, matched by bundle id, URL and domain', async () => {
    const r = await readAftermath(
      createZip([
        { name: 'Aftermath_S/Recon/system_information.txt', data: 'Serial Number: S\n' },
        {
          name: 'Aftermath_S/Persistence/systemExtensions.txt',
          data: 'System Extension URLs\n\n/Library/SystemExtensions/9/com.bad.ext.systemextension/Contents/MacOS/com.bad.ext\n',
        },
        {
          name: 'Aftermath_S/Browser/Chrome/downloads_output.csv',
          data: 'datetime,user,profile,url,target_path,danger_type,opened\n 2024-06-01 10:00:00,alex,Default,https://evil.example.net/x.pkg,/Users/alex/Downloads/x.pkg,0,1\n',
        },
      ]),
      { now: NOW },
    );
    expect(r.artefacts.filter((a) => a.error)).toEqual([]);
    expect(r.persistence.map((p) => `${p.kind} ${p.label}`)).toEqual(['systemExtension com.bad.ext']);
    expect(r.downloads).toEqual([
      {
        at: '2024-06-01T10:00:00.000Z',
        agent: 'Chrome',
        url: 'https://evil.example.net/x.pkg',
        origin: null,
        source: 'Browser/Chrome/downloads_output.csv',
      },
    ]);
    const kinds = r.observations.map((o) => `${o.kind} ${o.value}`);
    expect(kinds).toEqual(
      expect.arrayContaining(['bundleId com.bad.ext', 'url https://evil.example.net/x.pkg', 'domain evil.example.net']),
    );
    expect(r.timeline.map((e) => e.kind)).toContain('download');
    expect(MAX_DOWNLOAD_ROWS).toBeGreaterThan(1000);
  });

  it("reads crontabs.txt with Aftermath's literal /n headers, and its raw copy as the same jobs", async () => {
    const text =
      '/n ----- /usr/lib/cron/tabs/alex -----/n*/5 * * * * /Users/alex/.x/run.sh\n/n ----- /usr/lib/cron/tabs/root -----/n# none\n';
    expect(parseCrontabs(text, 'Persistence/crontabs.txt').map((i) => `${i.path} ${i.program}`)).toEqual([
      '/usr/lib/cron/tabs/alex /Users/alex/.x/run.sh',
    ]);
    const r = await readAftermath(
      createZip([
        { name: 'Aftermath_S/Recon/system_information.txt', data: 'Serial Number: S\n' },
        { name: 'Aftermath_S/Persistence/crontabs.txt', data: text },
        { name: 'Aftermath_S/Persistence/raw/cron/cron_tabs/alex', data: '*/5 * * * * /Users/alex/.x/run.sh\n' },
      ]),
      { now: NOW },
    );
    expect(r.persistence.map((p) => `${p.kind} ${p.path} ${p.program}`)).toEqual([
      'cron /usr/lib/cron/tabs/alex /Users/alex/.x/run.sh',
    ]);
    expect(r.observations).toContainEqual(expect.objectContaining({ kind: 'path', value: '/Users/alex/.x/run.sh' }));
  });

  it("takes a cron job's program as sh splits it: quoted or escaped paths with spaces stay whole", () => {
    expect(firstShellWord('"/Users/a/Application Support/x" --check')).toBe('/Users/a/Application Support/x');
    expect(firstShellWord("'/tmp/a b'/c d")).toBe('/tmp/a b/c');
    expect(firstShellWord('/Users/a/My\\ Tools/run.sh arg')).toBe('/Users/a/My Tools/run.sh');
    expect(firstShellWord('  /usr/bin/true')).toBe('/usr/bin/true');
    expect(firstShellWord('   ')).toBeNull();
    const jobs = parseCrontab(
      ['@reboot "/Users/a/Library/App Support/x"', '0 * * * *', '*/5 * * * * /bin/sh -c "echo hi"'].join('\n'),
      '/usr/lib/cron/tabs/a',
      'Persistence/crontabs.txt',
    );
    // A line with a schedule and no command starts nothing.
    expect(jobs.map((j) => j.program)).toEqual(['/Users/a/Library/App Support/x', '/bin/sh']);
  });

  it("the sample archive holds each of them: the vendor's extension, the MDM profile, downloads, the agent's cron job", async () => {
    const flagged = await readAftermath(await aftermathZip(), { now: NOW });
    expect(flagged.artefacts.filter((a) => a.error)).toEqual([]);
    expect(flagged.persistence.map((p) => `${p.kind} ${p.label ?? p.path}`)).toEqual(
      expect.arrayContaining([
        'systemExtension com.example.vpn.tunnel',
        'profile Example Corp device management',
        'cron /usr/lib/cron/tabs/alex',
      ]),
    );
    expect(flagged.persistence.find((p) => p.kind === 'cron')!.program).toBe(MAC_SAMPLE.agentProgram);
    expect(flagged.heuristics.map((h) => h.message)).toContain(
      `Cron job /usr/lib/cron/tabs/alex starts ${MAC_SAMPLE.agentProgram}, in a hidden folder`,
    );
    expect(flagged.downloads.filter((d) => d.agent === 'Chrome').map((d) => d.url)).toEqual([
      'https://zoom.us/client/latest/zoomusInstallerFull.pkg',
      `https://${MAC_SAMPLE.c2Domain}/get/UpdaterSetup.dmg`,
    ]);
    // The clean control has the same extension, profile and a download, and stays quiet.
    const clean = await readAftermath(await aftermathZip({ clean: true }), { now: NOW });
    expect(clean.persistence.map((p) => p.kind).sort()).toEqual(['launchAgent', 'profile', 'systemExtension']);
    expect(clean.downloads.some((d) => d.agent === 'Chrome')).toBe(true);
    expect(clean.heuristics).toEqual([]);
  });

  it('reads configuration profiles (profiles -C -o stdout-xml) as persistence, matched by identifier', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>_computerlevel</key><array>
<dict><key>ProfileIdentifier</key><string>com.evil.vpn</string><key>ProfileDisplayName</key><string>Network</string>
<key>ProfileOrganization</key><string>Evil &amp; Co</string><key>ProfileItems</key><array>
<dict><key>PayloadType</key><string>com.apple.vpn.managed</string></dict>
<dict><key>PayloadType</key><string>com.apple.security.root</string></dict></array></dict></array></dict></plist>`;
    const r = await readAftermath(
      createZip([
        { name: 'Aftermath_S/Recon/system_information.txt', data: 'Serial Number: S\n' },
        { name: 'Aftermath_S/Artifacts/config_profiles.txt', data: xml },
      ]),
      { now: NOW },
    );
    expect(r.artefacts.filter((a) => a.error)).toEqual([]);
    expect(r.persistence).toEqual([
      {
        kind: 'profile',
        path: 'com.evil.vpn',
        label: 'Network',
        program: 'com.apple.vpn.managed, com.apple.security.root',
        sha256: null,
        signer: 'Evil & Co',
        source: 'Artifacts/config_profiles.txt',
      },
    ]);
    expect(r.observations.map((o) => `${o.kind} ${o.value}`)).toEqual(['bundleId com.evil.vpn']);
    expect(r.heuristics).toEqual([]);
  });

  it('streams metadata.csv line by line up to the timeline cap, an endless line skipped', async () => {
    const head = 'file,birth,modified,accessed,permissions,uid,gid,downloadedFrom\n';
    const long = `/x${randomBytes(40 * 1024).toString('hex')},2024-04-01 09:00:00\n`;
    const lines = Array.from(
      { length: MAX_TIMELINE_EVENTS + 20_000 },
      (_, i) =>
        `/Users/alex/${randomBytes(12).toString('hex')}/a,${i}.doc,2024-04-01 09:00:00,2024-04-02 09:00:00,2024-04-03 09:00:00,-rw-r--r--,501,20,\n`,
    );
    const r = await readAftermath(
      createZip([
        { name: 'Aftermath_S/Recon/system_information.txt', data: 'Serial Number: S\n' },
        { name: 'Aftermath_S/metadata.csv', data: head + long + lines.join('') },
      ]),
      { now: NOW },
    );
    expect(r.artefacts.find((a) => a.path === 'metadata.csv')).toEqual({
      path: 'metadata.csv',
      records: MAX_TIMELINE_EVENTS,
    });
    const files = r.timeline.filter((e) => e.kind === 'file');
    expect(files).toHaveLength(MAX_TIMELINE_EVENTS);
    expect(files.every((e) => /^created \/Users\/alex\/[0-9a-f]{24}\/a,\d+\.doc$/.test(e.text))).toBe(true);
  });
});
