import { describe, expect, it } from 'vitest';

import { createZip } from '../android/testZip';
import { writeBinaryPlist, writeXmlPlist } from '../iosBackup/plistWriter';
import { readAftermath } from './readAftermath';
import { parseLaunchPlist } from './textParsers';

const AGENT = '/Users/alex/Library/LaunchAgents/com.example.helper.plist';
const PROGRAM = '/Users/alex/Library/Application Support/.helper/run';

describe('launch plists, XML or binary', () => {
  it('reads Label and Program, or ProgramArguments[0], from either form', () => {
    const xml = Buffer.from(writeXmlPlist({ Label: 'com.example.helper', ProgramArguments: [PROGRAM, '--daemon'] }));
    const binary = writeBinaryPlist({ Label: 'com.example.helper', Program: PROGRAM, RunAtLoad: true });
    expect(binary.subarray(0, 8).toString('latin1')).toBe('bplist00');
    for (const data of [xml, binary])
      expect(parseLaunchPlist(data, AGENT, 'Persistence/raw/com.example.helper.plist')).toEqual({
        kind: 'launchAgent',
        path: AGENT,
        label: 'com.example.helper',
        program: PROGRAM,
        sha256: null,
        signer: null,
        source: 'Persistence/raw/com.example.helper.plist',
      });
    // XML entities are the parser's business: an escaped path comes out as written.
    const escaped = Buffer.from(writeXmlPlist({ Label: 'a&b', Program: '/opt/a&b/run' }));
    expect(parseLaunchPlist(escaped, AGENT, 's')).toMatchObject({ label: 'a&b', program: '/opt/a&b/run' });
  });

  it('refuses in words what is not a launch item: garbage, a cut binary plist, a list, an oversize file', () => {
    const binary = writeBinaryPlist({ Label: 'x', Program: '/bin/x' });
    const error = (data: Buffer) => (parseLaunchPlist(data, AGENT, 's') as { error?: string }).error;
    expect(error(Buffer.from('hello'))).toMatch(/^not a readable property list: /);
    expect(error(binary.subarray(0, binary.length - 10))).toMatch(/^not a readable property list: /);
    expect(error(writeBinaryPlist(['/bin/x']))).toBe('not a launch item: the property list is not a dictionary');
    expect(error(Buffer.concat([Buffer.from('bplist00'), Buffer.alloc(2 * 1024 * 1024)]))).toMatch(/larger than/);
  });

  it("an archive's binary raw plist is read: its program joins the item launchItems.txt names", async () => {
    const r = await readAftermath(
      createZip([
        { name: 'Aftermath_S/Recon/system_information.txt', data: 'Serial Number: S\n' },
        // Aftermath's header names the plist; its description here says nothing of the program.
        { name: 'Aftermath_S/Persistence/launchItems.txt', data: `----- file://${AGENT} -----\n{\n}\n` },
        {
          name: 'Aftermath_S/Persistence/raw/com.example.helper.plist',
          data: writeBinaryPlist({ Label: 'com.example.helper', ProgramArguments: [PROGRAM] }),
        },
      ]),
      { now: new Date('2024-06-10T00:00:00Z') },
    );
    expect(r.artefacts.find((a) => a.path === 'Persistence/raw/com.example.helper.plist')).toEqual({
      path: 'Persistence/raw/com.example.helper.plist',
      records: 1,
    });
    expect(r.persistence).toEqual([
      expect.objectContaining({ path: AGENT, label: 'com.example.helper', program: PROGRAM }),
    ]);
    expect(r.observations).toContainEqual(expect.objectContaining({ kind: 'path', value: PROGRAM }));
  });
});
