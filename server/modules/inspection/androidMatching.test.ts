import { describe, expect, it } from 'vitest';

import { buildMatcher } from './matcher';
import { parseIndicatorPattern } from './stixPattern';
import type { Indicator, IndicatorType, Observation, ObservationKind } from './types';

const ruleSet = { id: 'bundle--android', name: 'Android rules', version: '1' };
const family = { id: 'malware--a', name: 'Spy' };
const parsed = (id: string, pattern: string): Indicator => {
  const result = parseIndicatorPattern(pattern);
  if (!result.ok) throw new Error(`${pattern}: ${result.reason}`);
  return { id, type: result.type, value: result.value, pattern, family, ruleSet };
};

const MD5 = '5FD0BEB5CDDFC3ABF08C55819892F529';
const SHA1 = 'abe07da75d7cf51d78721a651963947004d96f26';
const SHA256 = 'fef524903df7a6c276a7ec9377f804b34d3ce5ce924f6cd9bcf320d5a14adbd6';

describe('STIX patterns of Android indicators', () => {
  it.each<[string, IndicatorType, string]>([
    [`[app:cert.md5 = '${MD5}']`, 'app:cert.md5', MD5.toLowerCase()],
    [`[app:cert.sha1 = '${SHA1}']`, 'app:cert.sha1', SHA1],
    [`[app:cert.sha256='${SHA256.toUpperCase()}']`, 'app:cert.sha256', SHA256],
    ["[app:id = 'com.Example.Spy']", 'app:id', 'com.Example.Spy'],
    ["[android-property:name = 'persist.sys.spy.enabled']", 'android-property:name', 'persist.sys.spy.enabled'],
  ])('accepts %s', (pattern, type, value) => {
    expect(parseIndicatorPattern(pattern)).toEqual({ ok: true, type, value });
  });

  it.each([
    [`[app:cert.sha512 = '${'a'.repeat(128)}']`, /unsupported certificate hash/],
    [`[app:cert.md5 = '${SHA1}']`, /not a md5 hex digest/],
    ["[app:cert.sha1 = 'not-hex']", /not a sha1 hex digest/],
    ["[android-property:name = 'has space']", /not a system property name/],
    ["[android-property:value = 'x']", /unsupported object path/],
    ["[configuration-profile:id = 'x']", /unsupported object path/],
  ])('counts %s unsupported, with the reason', (pattern, reason) => {
    const result = parseIndicatorPattern(pattern);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
});

describe('matching Android observations', () => {
  const matcher = buildMatcher([
    parsed('cert-md5', `[app:cert.md5 = '${MD5}']`),
    parsed('cert-sha1', `[app:cert.sha1 = '${SHA1}']`),
    parsed('cert-sha256', `[app:cert.sha256 = '${SHA256}']`),
    parsed('property', "[android-property:name = 'persist.sys.spy.enabled']"),
    parsed('app', "[app:id = 'com.example.spyagent']"),
    parsed('apk', `[file:hashes.sha256 = '${'b'.repeat(64)}']`),
    parsed('crasher', "[process:name = 'implantd']"),
  ]);
  const hits = (kind: ObservationKind, value: string) =>
    matcher.match({ kind, value, source: 'x' } satisfies Observation).map((f) => [f.indicator.id, f.route]);

  it('certificate digests: equal whatever the case, the algorithm read from the digest length', () => {
    expect(hits('appCert', MD5.toLowerCase())).toEqual([['cert-md5', 'exact']]);
    expect(hits('appCert', SHA1.toUpperCase())).toEqual([['cert-sha1', 'exact']]);
    expect(hits('appCert', SHA256)).toEqual([['cert-sha256', 'exact']]);
    expect(hits('appCert', SHA256.slice(1))).toEqual([]);
    // A certificate digest is not a file hash, nor the reverse.
    expect(hits('fileHash', SHA256)).toEqual([]);
    expect(hits('appCert', 'b'.repeat(64))).toEqual([]);
    expect(hits('fileHash', 'B'.repeat(64))).toEqual([['apk', 'exact']]);
  });

  it('properties: by name, as MVT documents android-property:name (the value plays no part)', () => {
    expect(hits('property', 'persist.sys.spy.enabled')).toEqual([['property', 'exact']]);
    expect(hits('property', 'persist.sys.spy')).toEqual([]);
    expect(hits('property', 'PERSIST.SYS.SPY.ENABLED')).toEqual([]);
    expect(hits('setting', 'persist.sys.spy.enabled')).toEqual([]);
  });

  it('components and app ops: their package against app:id, case-insensitively', () => {
    expect(hits('accessibilityService', 'com.example.spyagent/.ScreenReaderService')).toEqual([['app', 'package']]);
    expect(hits('deviceAdmin', 'Com.Example.SpyAgent/com.example.spyagent.Admin')).toEqual([['app', 'package']]);
    expect(hits('receiver', 'com.example.spyagent/.SmsSpy')).toEqual([['app', 'package']]);
    expect(hits('appop', 'com.example.spyagent:RECORD_AUDIO')).toEqual([['app', 'package']]);
    expect(hits('appop', 'com.example.spyagent2:RECORD_AUDIO')).toEqual([]);
  });

  it('tombstones, settings and mounts match nothing themselves: the reader observes the crashing process beside the tombstone', () => {
    expect(hits('tombstone', 'implantd')).toEqual([]);
    expect(hits('process', 'implantd')).toEqual([['crasher', 'exact']]);
    expect(hits('path', '/data/local/tmp/implantd')).toEqual([['crasher', 'basename']]);
    expect(hits('mount', '/data')).toEqual([]);
    expect(hits('setting', 'global/adb_enabled')).toEqual([]);
  });
});
