import { describe, expect, it } from 'vitest';

import { findLinks, hostOf, isShortenerHost, urlKey } from './links';
import { buildMatcher } from './matcher';
import { referenceMatch } from './referenceMatcher';
import type { Indicator, IndicatorType, Observation, ObservationKind } from './types';

function indicator(type: IndicatorType, value: string): Indicator {
  return {
    id: `indicator--${type}-${value}`,
    type,
    value,
    pattern: `[${type} = '${value}']`,
    family: { id: 'f', name: 'F' },
    ruleSet: { id: 'bundle--x', name: 'X', version: '1' },
  };
}

// MVT's documented rules (check_domain / check_url / check_process / check_app_id), and where ours
// is a deliberate superset (a subdomain of a listed domain that is not its registrable domain).
const INDICATORS = [
  indicator('domain-name:value', 'evil.com'),
  indicator('domain-name:value', 'cdn.bad.net'),
  indicator('domain-name:value', 'tracker.co.uk'),
  indicator('url:value', 'https://evil.com/landing?id=1'),
  indicator('url:value', 'https://bit.ly/3xYzAbC'),
  indicator('process:name', 'kworker/0:0H'),
  indicator('process:name', 'rcu_preempt'),
  indicator('process:name', 'com.example.spyagentservice'),
  indicator('app:id', 'com.Example.SpyAgent'),
];

const TABLE: Array<[ObservationKind, string, string[], string]> = [
  ['domain', 'evil.com', ['evil.com:exact'], 'the full host'],
  ['domain', 'EVIL.COM.', ['evil.com:exact'], 'case and a trailing dot ignored'],
  ['domain', 'www.evil.com', ['evil.com:subdomain'], 'www. (MVT strips it; our parent walk reaches it)'],
  ['domain', 'a.b.evil.com', ['evil.com:subdomain'], 'registrable domain listed (MVT: top level)'],
  ['domain', 'x.cdn.bad.net', ['cdn.bad.net:subdomain'], 'superset: a subdomain of a listed non-registrable host'],
  ['domain', 'bad.net', [], 'a parent of a listed host is not flagged'],
  ['domain', 'eu.tracker.co.uk', ['tracker.co.uk:subdomain'], 'second-level suffix kept'],
  ['domain', 'notevil.com', [], 'a suffix of the string is not a parent domain'],
  ['domain', 'com', [], 'never a bare suffix'],
  ['url', 'https://evil.com/landing?id=1', ['https://evil.com/landing?id=1:exact'], 'equal'],
  ['url', 'HTTPS://EVIL.COM./landing?id=1', ['https://evil.com/landing?id=1:exact'], 'scheme, host case, trailing dot'],
  ['url', 'https://evil.com/Landing?id=1', [], 'the path is case-sensitive'],
  ['url', 'https://bit.ly/3xYzAbC', ['https://bit.ly/3xYzAbC:exact'], 'a shortened link matched as seen'],
  ['url', 'https://bit.ly/other', [], 'never followed: another short link does not match'],
  ['process', '[kworker/0:0H]', ['kworker/0:0H:exact'], 'kernel thread: brackets dropped, slash kept'],
  ['process', '[rcu_preempt]', ['rcu_preempt:exact'], 'kernel thread in brackets'],
  ['process', '(rcu_preempt)', ['rcu_preempt:exact'], 'zombie in parentheses'],
  ['process', 'kworker/0:0H', ['kworker/0:0H:exact'], 'kernel thread without brackets'],
  ['process', 'com.example.spya', ['com.example.spyagentservice:truncated-name'], 'the kernel’s 16-character cut'],
  ['bundleId', 'com.example.spyagent', ['com.Example.SpyAgent:exact'], 'app id case-insensitive'],
  ['accessibilityService', 'COM.EXAMPLE.SPYAGENT/.Svc', ['com.Example.SpyAgent:package'], 'component package'],
];

describe('matching links, domains and processes (MVT’s rules, table)', () => {
  const matcher = buildMatcher(INDICATORS);
  it.each(TABLE)('%s %s -> %j (%s)', (kind, value, expected) => {
    const o: Observation = { kind, value, source: 'sms' };
    const got = matcher.match(o).map((f) => `${f.indicator.value}:${f.route}`);
    expect(got).toEqual(expected);
    // The literal reading of the rules (the golden test's oracle) agrees.
    expect(referenceMatch(INDICATORS, [], o).map((f) => `${f.indicator.value}:${f.route}`)).toEqual(expected);
  });
});

describe('finding links in text', () => {
  it.each([
    ['Go to https://evil.com/landing?id=1.', ['https://evil.com/landing?id=1']],
    ['(see https://en.wikipedia.org/wiki/X_(y))', ['https://en.wikipedia.org/wiki/X_(y)']],
    ['www.Example.org, then http://10.0.0.8:8080/a', ['www.Example.org', 'http://10.0.0.8:8080/a']],
    ['map: bit.ly/3xYzAbC!', ['bit.ly/3xYzAbC']],
    ['mail me at someone@bit.ly/x? no', []],
    ['plain text, no link; ftp is a word', []],
    ['https:// nothing', []],
  ])('%s', (text, urls) => {
    expect(findLinks(text).map((l) => l.url)).toEqual(urls);
  });

  it('gives hosts normalised, IPv4 literals as such, and marks shorteners', () => {
    expect(hostOf('HTTPS://WWW.Evil.COM./x')).toBe('www.evil.com');
    expect(hostOf('http://10.0.0.8:8080/a')).toBe('10.0.0.8');
    expect(hostOf('www.example.org/a')).toBe('www.example.org');
    expect(isShortenerHost('www.bit.ly')).toBe(true);
    expect(isShortenerHost('bitly.example.com')).toBe(false);
    expect(urlKey('HTTP://A.B./Path?Q')).toBe('http://a.b/Path?Q');
  });

  it('bounds the links of one text', () => {
    const text = Array.from({ length: 100 }, (_, i) => `https://h${i}.example.com/`).join(' ');
    expect(findLinks(text)).toHaveLength(32);
  });
});
