import { describe, expect, it } from 'vitest';

import { readFixtureBundle as fixture } from './indicatorFixtures';
import { MAX_FAMILY_DESCRIPTION_CHARS, MAX_FAMILY_REFERENCES, parseStixBundle, StixImportError } from './stixBundle';

const indicator = (id: string, pattern: string, extra: Record<string, unknown> = {}) => ({
  type: 'indicator',
  spec_version: '2.1',
  id: `indicator--${id}`,
  pattern,
  pattern_type: 'stix',
  ...extra,
});
const bundle = (objects: unknown[], extra: Record<string, unknown> = {}): string =>
  JSON.stringify({ type: 'bundle', id: 'bundle--test', objects, ...extra });

describe('parseStixBundle on the public MVT bundles', () => {
  it('imports DarkSword: every indicator supported, counted per type, one family', () => {
    const set = parseStixBundle(fixture('darksword'));
    expect(set.id).toBe('bundle--450d793c-a26c-484c-8a62-0e4603ecfa1f');
    expect(set.name).toBe('DarkSword');
    expect(set.version).toBe('2026-03-30T16:42:48.696400Z');
    expect(set.indicators).toHaveLength(43);
    expect(set.unsupported).toEqual([]);
    expect(set.counts).toMatchObject({
      'domain-name:value': 10,
      'ipv4-addr:value': 3,
      'file:hashes.sha256': 1,
      'file:path': 22,
      'file:name': 7,
      'process:name': 0,
    });
    expect(set.families.map(({ id, name }) => ({ id, name }))).toEqual([
      { id: 'malware--e6a81d72-fdf3-4f4c-8b21-1ca0c4862624', name: 'DarkSword' },
    ]);
    expect(set.indicators.every((i) => i.family.name === 'DarkSword')).toBe(true);
    expect(set.digest).toMatch(/^[0-9a-f]{64}$/);
  });

  it("keeps the family's description and its web references (no other scheme), bounded", () => {
    const tri = parseStixBundle(fixture('operation_triangulation'));
    expect(tri.families[0]!.description).toMatch(/Operation Triangulation iOS spyware documented by Kaspersky/);
    const set = parseStixBundle(
      bundle([
        indicator('1', "[domain-name:value = 'evil.example']"),
        {
          type: 'malware',
          id: 'malware--1',
          name: 'Evil',
          description: `${'word '.repeat(1000)}end`,
          external_references: [
            { source_name: 'Vendor report', url: 'https://vendor.example/evil' },
            { source_name: 'Script', url: 'javascript:alert(1)' },
            { source_name: 'Data', url: 'data:text/html,<b>x</b>' },
            { source_name: 'No address', external_id: 'T1' },
            ...Array.from({ length: 20 }, (_, i) => ({ source_name: `More ${i}`, url: `http://more.example/${i}` })),
          ],
        },
        {
          type: 'relationship',
          id: 'relationship--1',
          relationship_type: 'indicates',
          source_ref: 'indicator--1',
          target_ref: 'malware--1',
        },
      ]),
    );
    const evil = set.families.find((f) => f.id === 'malware--1')!;
    expect(evil.description!.length).toBeLessThanOrEqual(MAX_FAMILY_DESCRIPTION_CHARS + 1);
    expect(evil.description!.endsWith('…')).toBe(true);
    expect(evil.references![0]).toEqual({ source: 'Vendor report', url: 'https://vendor.example/evil' });
    expect(evil.references!.every((r) => /^https?:/.test(r.url))).toBe(true);
    expect(evil.references).toHaveLength(MAX_FAMILY_REFERENCES);
  });

  it('imports KingSpawn and Operation Triangulation with their counts', () => {
    const king = parseStixBundle(fixture('kingspawn'));
    expect(king.name).toBe('KingSpawn');
    expect(king.indicators).toHaveLength(167);
    expect(king.counts).toMatchObject({ 'domain-name:value': 164, 'file:path': 2, 'process:name': 1 });
    const tri = parseStixBundle(fixture('operation_triangulation'));
    expect(tri.name).toBe('OperationTriangulation');
    expect(tri.indicators).toHaveLength(112);
    expect(tri.counts).toMatchObject({ 'domain-name:value': 75, 'email-addr:value': 36, 'process:name': 1 });
    expect(tri.indicators.find((i) => i.type === 'process:name')?.value).toBe('BackupAgent');
    expect(tri.unsupported).toEqual([]);
  });

  it("normalises file paths to the /private form and drops a folder's trailing slash", () => {
    const set = parseStixBundle(fixture('darksword'));
    const values = set.indicators.filter((i) => i.type === 'file:path').map((i) => i.value);
    expect(values).toContain('/private/var/tmp/icloud_dump');
    expect(values).toContain('/private/var/Keychains/keychain_dump.txt');
  });
});

describe('parseStixBundle patterns', () => {
  it('reads every supported single comparison, with or without spaces, hashes quoted or not', () => {
    const set = parseStixBundle(
      bundle([
        indicator('1', "[process:name = 'BackupAgent']"),
        indicator('2', "[domain-name:value='Evil.Example.COM.']"),
        indicator('3', "[ipv4-addr:value = '10.1.2.3']"),
        indicator('4', "[file:name = 'a.js']"),
        indicator('5', "[file:path = '/var/db/x']"),
        indicator('6', `[file:hashes.'SHA-256' = '${'A'.repeat(64)}']`),
        indicator('7', `[file:hashes.sha1 = '${'b'.repeat(40)}']`),
        indicator('8', `[file:hashes.MD5 = '${'c'.repeat(32)}']`),
        indicator('9', "[email-addr:value = 'Someone@Example.com']"),
        indicator('10', "[url:value = 'https://example.com/x']"),
        indicator('11', "[app:id = 'com.example.spy']"),
        indicator('12', "[process:name = 'it\\'s']"),
      ]),
    );
    expect(set.unsupported).toEqual([]);
    expect(set.indicators.map((i) => [i.type, i.value])).toEqual([
      ['process:name', 'BackupAgent'],
      ['domain-name:value', 'evil.example.com'],
      ['ipv4-addr:value', '10.1.2.3'],
      ['file:name', 'a.js'],
      ['file:path', '/private/var/db/x'],
      ['file:hashes.sha256', 'a'.repeat(64)],
      ['file:hashes.sha1', 'b'.repeat(40)],
      ['file:hashes.md5', 'c'.repeat(32)],
      ['email-addr:value', 'someone@example.com'],
      ['url:value', 'https://example.com/x'],
      ['app:id', 'com.example.spy'],
      ['process:name', "it's"],
    ]);
    expect(set.counts['process:name']).toBe(2);
    expect(set.counts['file:hashes.sha256']).toBe(1);
  });

  it('counts anything else as unsupported, with the reason, never guessing', () => {
    const set = parseStixBundle(
      bundle([
        indicator('a', "[process:name = 'a'] OR [process:name = 'b']"),
        indicator('b', "[process:name = 'a' AND process:pid = 4]"),
        indicator('c', "[domain-name:value MATCHES '^evil']"),
        indicator('d', "[ipv4-addr:value = '10.0.0.0/8']"),
        indicator('e', "[network-traffic:dst_port = '443']"),
        indicator('f', "[file:hashes.'SHA-512' = 'abcd']"),
        indicator('g', "[file:hashes.sha256 = 'not-hex']"),
        indicator('h', "[file:path = 'relative/path']"),
        indicator('i', 'title:"x"', { pattern_type: 'sigma' }),
        indicator('j', ''),
        indicator('k', "[process:name != 'a']"),
      ]),
    );
    expect(set.indicators).toEqual([]);
    const reasons = Object.fromEntries(set.unsupported.map((u) => [u.id, u.reason]));
    expect(reasons['indicator--a']).toMatch(/single comparison/);
    expect(reasons['indicator--b']).toMatch(/single comparison/);
    expect(reasons['indicator--c']).toMatch(/single comparison/);
    expect(reasons['indicator--d']).toMatch(/IPv4/);
    expect(reasons['indicator--e']).toMatch(/unsupported object path network-traffic:dst_port/);
    expect(reasons['indicator--f']).toMatch(/hash algorithm/);
    expect(reasons['indicator--g']).toMatch(/sha256 hex/);
    expect(reasons['indicator--h']).toMatch(/absolute/);
    expect(reasons['indicator--i']).toMatch(/pattern_type sigma/);
    expect(reasons['indicator--j']).toMatch(/no pattern/);
    expect(reasons['indicator--k']).toMatch(/single comparison/);
    expect(set.unsupported).toHaveLength(11);
    expect(Object.values(set.counts).every((n) => n === 0)).toBe(true);
  });
});

describe('parseStixBundle families and metadata', () => {
  it('links indicators to malware, then to a report, and the rest to the default family', () => {
    const set = parseStixBundle(
      bundle([
        { type: 'malware', id: 'malware--m', name: 'Pegasus' },
        {
          type: 'report',
          id: 'report--r',
          name: 'Campaign 2024',
          object_refs: ['indicator--2', 'indicator--1'],
          x_version: '7',
        },
        { type: 'identity', id: 'identity--i', name: 'Example Lab' },
        indicator('1', "[process:name = 'a']"),
        indicator('2', "[process:name = 'b']"),
        indicator('3', "[process:name = 'c']"),
        {
          type: 'relationship',
          id: 'relationship--1',
          relationship_type: 'indicates',
          source_ref: 'indicator--1',
          target_ref: 'malware--m',
        },
        // Unknown relationship types and dangling refs are ignored, not guessed.
        {
          type: 'relationship',
          id: 'relationship--2',
          relationship_type: 'uses',
          source_ref: 'indicator--3',
          target_ref: 'malware--m',
        },
        {
          type: 'relationship',
          id: 'relationship--3',
          relationship_type: 'indicates',
          source_ref: 'indicator--3',
          target_ref: 'malware--gone',
        },
      ]),
    );
    const family = Object.fromEntries(set.indicators.map((i) => [i.value, i.family.name]));
    expect(family).toEqual({ a: 'Pegasus', b: 'Campaign 2024', c: 'Unattributed' });
    expect(set.name).toBe('Campaign 2024');
    expect(set.version).toBe('7');
    expect(set.author).toBe('Example Lab');
    expect(set.families.map((f) => f.name).sort()).toEqual(['Campaign 2024', 'Pegasus', 'Unattributed']);
    expect(set.indicators[0]!.ruleSet).toEqual({ id: 'bundle--test', name: 'Campaign 2024', version: '7' });
  });

  it('falls back to the given name and version 1 for a bare bundle', () => {
    const set = parseStixBundle(bundle([indicator('1', "[app:id = 'x.y']")]), { fallbackName: 'upload.json' });
    expect(set.name).toBe('upload.json');
    expect(set.version).toBe('1');
    expect(set.indicators[0]!.family).toEqual({ id: 'bundle--test#default', name: 'Unattributed' });
  });

  it("takes an explicit bundle version over the objects' modified stamps", () => {
    const set = parseStixBundle(
      bundle([indicator('1', "[app:id = 'x.y']", { modified: '2024-01-01T00:00:00Z' })], { x_version: '2024.3' }),
    );
    expect(set.version).toBe('2024.3');
  });
});

describe('parseStixBundle refuses bad input clearly', () => {
  const cases: Array<[string, string | Buffer, RegExp]> = [
    ['truncated JSON', bundle([indicator('1', "[app:id = 'x']")]).slice(0, 60), /not valid JSON/],
    ['binary garbage', Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x9c, 0x42]), /not valid JSON/],
    ['JSON that is not a bundle', JSON.stringify({ type: 'indicator', id: 'x' }), /Not a STIX bundle/],
    ['a JSON array', '[]', /Not a STIX bundle/],
    ['a bundle without objects', JSON.stringify({ type: 'bundle', id: 'bundle--x' }), /no "objects" array/],
    ['a bundle without id', JSON.stringify({ type: 'bundle', objects: [] }), /no id/],
  ];
  it.each(cases)('%s', (_name, input, message) => {
    expect(() => parseStixBundle(input)).toThrow(StixImportError);
    expect(() => parseStixBundle(input)).toThrow(message);
  });

  it('refuses a bundle over the size bound before parsing it', () => {
    const big = bundle([indicator('1', `[app:id = '${'x'.repeat(2000)}']`)]);
    expect(() => parseStixBundle(big, { maxBytes: 1000 })).toThrow(/too large \(\d+ bytes, at most 1000\)/);
  });

  it('skips objects without type or id and says so', () => {
    const set = parseStixBundle(bundle([42, { type: 'indicator' }, indicator('1', "[app:id = 'x.y']")]));
    expect(set.indicators).toHaveLength(1);
    expect(set.unsupported).toEqual([{ id: '', pattern: '', reason: '2 objects without a type or id' }]);
  });
});
