import { basename } from './devicePath';
import { urlKey } from './links';
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

interface Candidate {
  indicator: Indicator;
  route: MatchRoute;
}

const NONE: Indicator[] = [];

function collect(out: Candidate[], list: readonly Indicator[], route: MatchRoute): void {
  for (let i = 0; i < list.length; i++) out.push({ indicator: list[i]!, route });
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const SEP = '\u0000';

/**
 * The kernel keeps 16 characters of a process name (TASK_COMM_LEN): a name of exactly this length
 * may be cut, so it also matches the process-name indicators that start with it (MVT's rule).
 */
export const TRUNCATED_PROCESS_NAME_CHARS = 16;

/** sysdiagnose's shutdown.log and its rotations (shutdown.0.log, shutdown.1.log, ...). */
export const SHUTDOWN_LOG_NAME = /^shutdown(?:\.\d+)?\.log$/;

/**
 * Builds a matcher over indicators of any number of rule sets. Every look-up is a Map/Set hit or a
 * walk over the observed path's segments or domain labels, so matching one observation costs
 * the same with 10 indicators as with 100,000.
 */
export function buildMatcher(indicators: Indicator[], suppressions: Suppression[] = []): Matcher {
  const exact = new Map<IndicatorType, Index>();
  const paths = new PathTrie<Indicator>();
  /** Process-name indicators longer than a truncated name, keyed by their first 16 characters. */
  const processPrefixes: Index = new Map();
  for (const indicator of indicators) {
    if (indicator.type === 'file:path') paths.add(indicator.value, indicator);
    else {
      let index = exact.get(indicator.type);
      if (!index) exact.set(indicator.type, (index = new Map()));
      // App ids (bundle ids, package names) compare case-insensitively.
      const key =
        indicator.type === 'app:id'
          ? indicator.value.toLowerCase()
          : indicator.type === 'url:value'
            ? urlKey(indicator.value)
            : indicator.value;
      push(index, key, indicator);
      if (indicator.type === 'process:name' && indicator.value.length > TRUNCATED_PROCESS_NAME_CHARS) {
        push(processPrefixes, indicator.value.slice(0, TRUNCATED_PROCESS_NAME_CHARS), indicator);
      }
    }
  }
  const EMPTY: Index = new Map();
  const lookup = (type: IndicatorType, key: string): Indicator[] => exact.get(type)?.get(key) ?? NONE;
  // The indexes every iOS observation consults, resolved once.
  const processNames = exact.get('process:name') ?? EMPTY;
  const fileNames = exact.get('file:name') ?? EMPTY;
  const appIds = exact.get('app:id') ?? EMPTY;
  /** A process name: equal, or cut by the kernel at 16 characters from a longer indicator. */
  const processName = (out: Candidate[], name: string, route: MatchRoute): void => {
    collect(out, processNames.get(name) ?? NONE, route);
    if (name.length === TRUNCATED_PROCESS_NAME_CHARS) collect(out, processPrefixes.get(name) ?? NONE, 'truncated-name');
  };

  // Keyed by the fields a suppression gives (indicator, kind, value; absent ones empty), so a
  // finding is checked against the six combinations instead of a loop over the suppressions.
  const suppressionKey = (id = '', kind = '', value = ''): string => `${id}${SEP}${kind}${SEP}${value}`;
  const suppressed = new Map<string, Suppression>();
  for (const s of suppressions) {
    if (!s.indicatorId && s.value === undefined)
      throw new SuppressionError('A suppression needs an indicator id or a value');
    suppressed.set(suppressionKey(s.indicatorId, s.kind, s.value), s);
  }
  const suppressionFor = (id: string, o: Observation): Suppression | undefined =>
    suppressed.size === 0
      ? undefined
      : (suppressed.get(suppressionKey(id)) ??
        suppressed.get(suppressionKey(id, o.kind)) ??
        suppressed.get(suppressionKey(undefined, undefined, o.value)) ??
        suppressed.get(suppressionKey(undefined, o.kind, o.value)) ??
        suppressed.get(suppressionKey(id, undefined, o.value)) ??
        suppressed.get(suppressionKey(id, o.kind, o.value)));

  const hashTypes = ['file:hashes.sha256', 'file:hashes.sha1', 'file:hashes.md5'] as const;
  const certTypes: Record<number, IndicatorType> = { 32: 'app:cert.md5', 40: 'app:cert.sha1', 64: 'app:cert.sha256' };
  /** The package of an Android component (`pkg/.Cls`, `pkg/pkg.Cls`) or app op (`pkg:OP`). */
  const packageOf = (value: string): string => {
    const cut = value.search(/[/:]/);
    return (cut < 0 ? value : value.slice(0, cut)).toLowerCase();
  };
  /**
   * Whether the observation is a client path of a shutdown.log, whose every folder names a
   * process. An artefact's observations come one after the other with the same source: its
   * answer is kept for the next.
   */
  let lastSource: string | undefined;
  let lastIsShutdownLog = false;
  const isShutdownClient = (o: Observation): boolean => {
    if (o.source !== lastSource) {
      lastSource = o.source;
      lastIsShutdownLog = SHUTDOWN_LOG_NAME.test(basename(o.source));
    }
    return lastIsShutdownLog;
  };

  /**
   * Indicators the observation reaches, with how; plain loops, as this runs per observation. One
   * array serves every call (matching is synchronous), so a miss allocates nothing.
   */
  const out: Candidate[] = [];
  const candidates = (o: Observation): Candidate[] => {
    // Setting an array's length is a runtime call: only when the last observation found something.
    if (out.length !== 0) out.length = 0;
    const value = o.value.trim();
    switch (o.kind as ObservationKind) {
      case 'process': {
        // iOS process names are case-sensitive; a process given with its path is matched by name.
        // ps lists kernel threads in brackets (`[kworker/0:0H]`) and zombies in parentheses: the
        // name is what is inside, as MVT reads it.
        const bare = /^\[.+\]$|^\(.+\)$/.test(value) ? value.slice(1, -1) : value;
        if (bare.includes('/') && !bare.startsWith('/')) {
          // A kernel thread's name holds slashes without being a path: the whole name, and its
          // last segment as MVT's basename would take it.
          processName(out, bare, 'exact');
          processName(out, basename(bare), 'basename');
          break;
        }
        const name = basename(bare);
        processName(out, name, name === bare ? 'exact' : 'basename');
        break;
      }
      case 'path': {
        collect(out, paths.lookupPath(value), 'path-prefix');
        const name = basename(value);
        if (name) {
          collect(out, fileNames.get(name) ?? NONE, 'basename');
          processName(out, name, 'basename');
        }
        if (isShutdownClient(o)) {
          // A shutdown.log client matches a process-name indicator equal to any folder of its path.
          const parts = value.split('/');
          for (let i = 0; i < parts.length - 1; i++)
            if (parts[i]) collect(out, processNames.get(parts[i]!) ?? NONE, 'path-component');
        }
        break;
      }
      case 'domain': {
        if (isIpv4(value)) {
          collect(out, lookup('ipv4-addr:value', value), 'exact');
          break;
        }
        const host = normalizeDomain(value);
        if (!host) break;
        const list = domainCandidates(host);
        for (let i = 0; i < list.length; i++)
          collect(out, lookup('domain-name:value', list[i]!), i === 0 ? 'exact' : 'subdomain');
        break;
      }
      case 'bundleId':
        // Case-insensitive, and an app id is also a process name (Android names a package's process after it).
        collect(out, appIds.get(value.toLowerCase()) ?? NONE, 'exact');
        processName(out, value, 'exact');
        break;
      case 'ipv4':
        collect(out, lookup('ipv4-addr:value', value), 'exact');
        break;
      case 'email':
        collect(out, lookup('email-addr:value', value.toLowerCase()), 'exact');
        break;
      case 'url':
        // Scheme and host compare case-insensitively, the rest as written; a shortened link is
        // matched as seen (never followed). Its host is a `domain` observation of its own.
        collect(out, lookup('url:value', urlKey(value)), 'exact');
        break;
      case 'fileHash': {
        const hex = value.toLowerCase();
        for (const type of hashTypes) collect(out, lookup(type, hex), 'exact');
        break;
      }
      case 'appCert': {
        // The digest's length says its algorithm, so a stored observation rescans without it.
        const hex = value.toLowerCase();
        const type = certTypes[hex.length];
        if (type) collect(out, lookup(type, hex), 'exact');
        break;
      }
      case 'property':
        // The property's name, as written (getprop names are case-sensitive).
        collect(out, lookup('android-property:name', value), 'exact');
        break;
      case 'teamId':
        // Apple writes team ids in capitals; the pattern parser stores them so.
        collect(out, lookup('x-apple-code-signing:team_id', value.toUpperCase()), 'exact');
        break;
      case 'signingId':
        // Exact, as a code requirement compares it (README "Code-signing extension").
        collect(out, lookup('x-apple-code-signing:signing_id', value), 'exact');
        break;
      case 'cdhash':
        collect(out, lookup('x-apple-code-signing:cdhash', value.toLowerCase()), 'exact');
        break;
      case 'accessibilityService':
      case 'deviceAdmin':
      case 'receiver':
      case 'appop':
        collect(out, lookup('app:id', packageOf(value)), 'package');
        break;
    }
    return out;
  };

  return {
    indicatorCount: indicators.length,
    match(observation, options) {
      const found = candidates(observation);
      if (found.length === 0) return [];
      const findings: Finding[] = [];
      const seen = new Set<string>();
      for (const { indicator, route } of found) {
        // One finding per indicator and observation, even when two routes reach it.
        if (found.length > 1) {
          const key = `${indicator.ruleSet.id}${SEP}${indicator.ruleSet.version}${SEP}${indicator.id}`;
          if (seen.has(key)) continue;
          seen.add(key);
        }
        const suppression = suppressionFor(indicator.id, observation);
        if (suppression && !options?.includeSuppressed) continue;
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
