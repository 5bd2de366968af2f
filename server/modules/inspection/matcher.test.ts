import { describe, expect, it } from 'vitest';

import { buildMatcher, SuppressionError } from './matcher';
import type { Indicator, IndicatorType, Observation, ObservationKind } from './types';

const ruleSet = { id: 'bundle--rs', name: 'Test rules', version: '3' };
const family = { id: 'malware--f', name: 'Spy' };
let next = 0;
const ind = (type: IndicatorType, value: string): Indicator => ({
  id: `indicator--${++next}`,
  type,
  value,
  pattern: `[${type} = '${value}']`,
  family,
  ruleSet,
});
const obs = (kind: ObservationKind, value: string, extra: Partial<Observation> = {}): Observation => ({
  kind,
  value,
  source: 'ps.txt',
  ...extra,
});

const processBad = ind('process:name', 'BackupAgent');
const pathFolder = ind('file:path', '/private/var/tmp/icloud_dump');
const pathFile = ind('file:path', '/private/var/db/com.apple.xpc.roleaccountd.staging/subridged');
const fileName = ind('file:name', 'rce_loader.js');
const domain = ind('domain-name:value', 'cdncounter.net');
const subDomain = ind('domain-name:value', 'cdn.cdncounter.net');
const ukDomain = ind('domain-name:value', 'evil.co.uk');
const ip = ind('ipv4-addr:value', '62.72.21.10');
const app = ind('app:id', 'com.example.spy');
const email = ind('email-addr:value', 'nonbaguette@yahoo.com');
const hash = ind('file:hashes.sha256', 'a'.repeat(64));
const all = [processBad, pathFolder, pathFile, fileName, domain, subDomain, ukDomain, ip, app, email, hash];

const ids = (findings: Array<{ indicator: { id: string } }>) => findings.map((f) => f.indicator.id);

describe('buildMatcher', () => {
  const matcher = buildMatcher(all);

  it('matches process names exactly and case-sensitively, by basename when given a path', () => {
    expect(ids(matcher.match(obs('process', 'BackupAgent')))).toEqual([processBad.id]);
    expect(matcher.match(obs('process', 'backupagent'))).toEqual([]);
    expect(matcher.match(obs('process', 'BackupAgent2'))).toEqual([]);
    const viaPath = matcher.match(obs('path', '/System/Library/PrivateFrameworks/BackupAgent'));
    expect(ids(viaPath)).toEqual([processBad.id]);
    expect(viaPath[0]!.route).toBe('basename');
  });

  it('matches path prefixes on whole segments, /var and /private/var alike', () => {
    expect(ids(matcher.match(obs('path', '/private/var/tmp/icloud_dump/photos.db')))).toEqual([pathFolder.id]);
    expect(ids(matcher.match(obs('path', '/var/tmp/icloud_dump')))).toEqual([pathFolder.id]);
    expect(ids(matcher.match(obs('path', '/var/db/com.apple.xpc.roleaccountd.staging/subridged')))).toEqual([
      pathFile.id,
    ]);
    expect(matcher.match(obs('path', '/private/var/tmp/icloud_dumpster/x'))).toEqual([]);
    expect(matcher.match(obs('path', '/private/var/tmp'))).toEqual([]);
    expect(matcher.match(obs('path', 'relative/var/tmp/icloud_dump'))).toEqual([]);
    expect(matcher.match(obs('path', '/private/var/tmp/icloud_dump/x'))[0]!.route).toBe('path-prefix');
  });

  it('matches file names against the last segment of a path', () => {
    expect(ids(matcher.match(obs('path', '/private/var/mobile/Library/rce_loader.js')))).toEqual([fileName.id]);
    expect(matcher.match(obs('path', '/private/var/mobile/rce_loader.js.bak'))).toEqual([]);
  });

  it('matches a domain, its parents down to the registrable domain, case-insensitively', () => {
    expect(ids(matcher.match(obs('domain', 'cdncounter.net')))).toEqual([domain.id]);
    const deep = matcher.match(obs('domain', 'X.CDN.cdncounter.net.'));
    expect(ids(deep)).toEqual([subDomain.id, domain.id]);
    expect(deep.map((f) => f.route)).toEqual(['subdomain', 'subdomain']);
    expect(matcher.match(obs('domain', 'cdn.cdncounter.net'))[0]!.route).toBe('exact');
    expect(ids(matcher.match(obs('domain', 'a.b.evil.co.uk')))).toEqual([ukDomain.id]);
    expect(matcher.match(obs('domain', 'notcdncounter.net'))).toEqual([]);
    expect(matcher.match(obs('domain', 'cdncounter.network'))).toEqual([]);
  });

  it('does not climb past the registrable domain (a two-level suffix counts as one)', () => {
    const m = buildMatcher([ind('domain-name:value', 'co.uk'), ind('domain-name:value', 'net')]);
    expect(m.match(obs('domain', 'shop.example.co.uk'))).toEqual([]);
    expect(m.match(obs('domain', 'example.net'))).toEqual([]);
  });

  it('matches IPv4 literals seen as domains, bundle ids, e-mail addresses and hashes exactly', () => {
    expect(ids(matcher.match(obs('domain', '62.72.21.10')))).toEqual([ip.id]);
    expect(ids(matcher.match(obs('ipv4', '62.72.21.10')))).toEqual([ip.id]);
    expect(matcher.match(obs('domain', '62.72.21.1'))).toEqual([]);
    expect(ids(matcher.match(obs('bundleId', 'com.example.spy')))).toEqual([app.id]);
    expect(matcher.match(obs('bundleId', 'com.example.spy.extension'))).toEqual([]);
    expect(ids(matcher.match(obs('email', 'NonBaguette@yahoo.com')))).toEqual([email.id]);
    expect(ids(matcher.match(obs('fileHash', 'A'.repeat(64))))).toEqual([hash.id]);
  });

  it('carries the evidence: observation, indicator, family and rule set', () => {
    const o = obs('process', 'BackupAgent', {
      line: 12,
      raw: 'root 0 - 120 ... BackupAgent',
      timestamp: '2023-06-01T08:00:00.000Z',
    });
    expect(matcher.match(o)).toEqual([
      {
        observation: o,
        indicator: { id: processBad.id, type: 'process:name', value: 'BackupAgent', pattern: processBad.pattern },
        family,
        ruleSet,
        route: 'exact',
      },
    ]);
  });

  it('reports an indicator once per observation even when two routes reach it', () => {
    const both = ind('process:name', 'rce_loader.js');
    const m = buildMatcher([both, fileName]);
    const found = m.match(obs('path', '/x/rce_loader.js'));
    expect(ids(found).sort()).toEqual([both.id, fileName.id].sort());
    const dup = buildMatcher([processBad, processBad]);
    expect(dup.match(obs('process', 'BackupAgent'))).toHaveLength(1);
  });

  it('keeps indicators of several rule sets apart', () => {
    const other = { ...processBad, ruleSet: { id: 'bundle--other', name: 'Other', version: '1' } };
    const m = buildMatcher([processBad, other]);
    expect(m.match(obs('process', 'BackupAgent')).map((f) => f.ruleSet.id)).toEqual(['bundle--rs', 'bundle--other']);
  });

  it('costs the same with many indicators: 20,000 look-ups against 100,000 indicators stay fast', () => {
    const many: Indicator[] = [];
    for (let i = 0; i < 25_000; i++) {
      many.push(ind('domain-name:value', `d${i}.example.com`), ind('process:name', `proc${i}`));
      many.push(ind('file:path', `/private/var/db/p${i}/bin`), ind('app:id', `com.example.a${i}`));
    }
    const m = buildMatcher(many);
    expect(m.indicatorCount).toBe(100_000);
    const started = performance.now();
    let hits = 0;
    for (let i = 0; i < 5_000; i++) {
      hits += m.match(obs('domain', `x.d${i}.example.com`)).length;
      hits += m.match(obs('process', `proc${i}`)).length;
      hits += m.match(obs('path', `/var/db/p${i}/bin`)).length;
      hits += m.match(obs('bundleId', `com.example.a${i}`)).length;
    }
    expect(hits).toBe(20_000);
    // A loop over the indicators would take minutes here; the indexes take milliseconds.
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('buildMatcher suppressions', () => {
  it('drops findings of a suppressed indicator, value or pair, and returns them on request', () => {
    const m = buildMatcher(all, [
      { indicatorId: domain.id, reason: 'sinkholed' },
      { kind: 'process', value: 'BackupAgent', reason: 'test device' },
      { indicatorId: pathFolder.id, kind: 'path', value: '/var/tmp/icloud_dump/ok', reason: 'our own file' },
    ]);
    expect(m.match(obs('domain', 'cdncounter.net'))).toEqual([]);
    expect(ids(m.match(obs('domain', 'a.cdn.cdncounter.net')))).toEqual([subDomain.id]);
    expect(m.match(obs('process', 'BackupAgent'))).toEqual([]);
    // The value suppression names the kind: the same name seen as a path's basename still counts.
    expect(ids(m.match(obs('path', '/x/BackupAgent')))).toEqual([processBad.id]);
    expect(m.match(obs('path', '/var/tmp/icloud_dump/ok'))).toEqual([]);
    expect(ids(m.match(obs('path', '/var/tmp/icloud_dump/other')))).toEqual([pathFolder.id]);

    const withSuppressed = m.match(obs('domain', 'cdncounter.net'), { includeSuppressed: true });
    expect(withSuppressed).toHaveLength(1);
    expect(withSuppressed[0]!.suppression).toEqual({ indicatorId: domain.id, reason: 'sinkholed' });
  });

  it('a value suppression without a kind covers every kind', () => {
    const m = buildMatcher(all, [{ value: '/x/BackupAgent' }]);
    expect(m.match(obs('path', '/x/BackupAgent'))).toEqual([]);
    expect(ids(m.match(obs('process', 'BackupAgent')))).toEqual([processBad.id]);
  });

  it('a suppression naming an indicator and a kind spares the other kinds', () => {
    const m = buildMatcher(all, [{ indicatorId: processBad.id, kind: 'path' }]);
    expect(m.match(obs('path', '/x/BackupAgent'))).toEqual([]);
    expect(ids(m.match(obs('process', 'BackupAgent')))).toEqual([processBad.id]);
  });

  it('refuses a suppression that would match everything', () => {
    expect(() => buildMatcher(all, [{ reason: 'oops' }])).toThrow(SuppressionError);
    expect(() => buildMatcher(all, [{ kind: 'process' }])).toThrow('A suppression needs an indicator id or a value');
  });
});
