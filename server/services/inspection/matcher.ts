import { basename, normalizeDevicePath } from './devicePath';
import { PathTrie } from './pathTrie';
import { domainCandidates, normalizeDomain } from './registrableDomain';
import { isIpv4 } from './stixPattern';
import type { Finding, Indicator, IndicatorType, MatchRoute, Observation, ObservationKind, Suppression } from './types';

export interface MatchOptions {
  /** Also return suppressed findings, each with the `suppression` that applies. */
  includeSuppressed?: boolean;
}

export interface Matcher {
  match(observation: Observation, options?: MatchOptions): Finding[];
  readonly indicatorCount: number;
}

export class SuppressionError extends Error {
  override readonly name = 'SuppressionError';
}

/** Indicators of one type keyed by their normalised value. */
type Index = Map<string, Indicator[]>;

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const SEP = '\u0000';

/**
 * Builds a matcher over indicators of any number of rule sets. Every look-up is a Map/Set hit or a
 * walk over the observed path's segments or domain labels, so matching one observation costs
 * the same with 10 indicators as with 100,000.
 */
export function buildMatcher(indicators: Indicator[], suppressions: Suppression[] = []): Matcher {
  const exact = new Map<IndicatorType, Index>();
  const paths = new PathTrie<Indicator>();
  for (const indicator of indicators) {
    if (indicator.type === 'file:path') paths.add(indicator.value, indicator);
    else {
      let index = exact.get(indicator.type);
      if (!index) exact.set(indicator.type, (index = new Map()));
      push(index, indicator.value, indicator);
    }
  }
  const lookup = (type: IndicatorType, key: string): Indicator[] => exact.get(type)?.get(key) ?? [];

  const byIndicator = new Map<string, Suppression>();
  const byValue = new Map<string, Suppression>();
  const byPair = new Map<string, Suppression>();
  for (const s of suppressions) {
    if (!s.indicatorId && !s.value) throw new SuppressionError('A suppression needs an indicator id or a value');
    // `kind` is part of the value key; a suppression without a kind covers the value in any kind.
    const valueKey = s.value === undefined ? undefined : `${s.kind ?? '*'}${SEP}${s.value}`;
    if (s.indicatorId && valueKey) byPair.set(`${s.indicatorId}${SEP}${valueKey}`, s);
    else if (s.indicatorId) byIndicator.set(s.indicatorId, s);
    else if (valueKey) byValue.set(valueKey, s);
  }
  const suppressionFor = (indicatorId: string, o: Observation): Suppression | undefined => {
    const keys = [`${o.kind}${SEP}${o.value}`, `*${SEP}${o.value}`];
    return (
      byIndicator.get(indicatorId) ??
      keys.map((k) => byValue.get(k) ?? byPair.get(`${indicatorId}${SEP}${k}`)).find((s) => s !== undefined)
    );
  };

  const candidates = (o: Observation): Array<[Indicator, MatchRoute]> => {
    const out: Array<[Indicator, MatchRoute]> = [];
    const add = (list: Indicator[], route: MatchRoute) => {
      for (const i of list) out.push([i, route]);
    };
    const value = o.value.trim();
    switch (o.kind as ObservationKind) {
      case 'process': {
        // iOS process names are case-sensitive; a process given with its path is matched by name.
        const name = basename(value);
        add(lookup('process:name', name), name === value ? 'exact' : 'basename');
        break;
      }
      case 'path': {
        const path = normalizeDevicePath(value);
        const name = basename(value);
        if (path) add(paths.lookup(path), 'path-prefix');
        if (name) {
          add(lookup('file:name', name), 'basename');
          add(lookup('process:name', name), 'basename');
        }
        break;
      }
      case 'domain': {
        if (isIpv4(value)) {
          add(lookup('ipv4-addr:value', value), 'exact');
          break;
        }
        const host = normalizeDomain(value);
        if (!host) break;
        domainCandidates(host).forEach((candidate, i) =>
          add(lookup('domain-name:value', candidate), i === 0 ? 'exact' : 'subdomain'),
        );
        break;
      }
      case 'bundleId':
        add(lookup('app:id', value), 'exact');
        break;
      case 'ipv4':
        add(lookup('ipv4-addr:value', value), 'exact');
        break;
      case 'email':
        add(lookup('email-addr:value', value.toLowerCase()), 'exact');
        break;
      case 'url':
        add(lookup('url:value', value), 'exact');
        break;
      case 'fileHash': {
        const hex = value.toLowerCase();
        for (const type of ['file:hashes.sha256', 'file:hashes.sha1', 'file:hashes.md5'] as const) {
          add(lookup(type, hex), 'exact');
        }
        break;
      }
    }
    return out;
  };

  return {
    indicatorCount: indicators.length,
    match(observation, options = {}) {
      const findings: Finding[] = [];
      const seen = new Set<string>();
      for (const [indicator, route] of candidates(observation)) {
        // One finding per indicator and observation, even when two routes reach it.
        const key = `${indicator.ruleSet.id}${SEP}${indicator.ruleSet.version}${SEP}${indicator.id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const suppression = suppressionFor(indicator.id, observation);
        if (suppression && !options.includeSuppressed) continue;
        findings.push({
          observation,
          indicator: { id: indicator.id, type: indicator.type, value: indicator.value, pattern: indicator.pattern },
          family: indicator.family,
          ruleSet: indicator.ruleSet,
          route,
          ...(suppression ? { suppression } : {}),
        });
      }
      return findings;
    },
  };
}
