/**
 * The README's matching rules written out literally, one indicator at a time (cost: observations x
 * indicators): the oracle that inspectionGolden.test.ts holds the indexed matcher (matcher.ts) to.
 * Test support only; it shares the normalisers (device paths, domains), not the indexes.
 */
import { basename, devicePathSegments } from './devicePath';
import { urlKey } from './links';
import { domainCandidates, normalizeDomain } from './registrableDomain';
import { isIpv4 } from './stixPattern';
import type { Finding, Indicator, MatchRoute, Observation, Suppression } from './types';

const CUT = 16;
const SHUTDOWN_LOG = /^shutdown(?:\.\d+)?\.log$/;
const HASH_TYPES = ['file:hashes.sha256', 'file:hashes.sha1', 'file:hashes.md5'];
const CERT_TYPES: Record<number, string> = { 32: 'app:cert.md5', 40: 'app:cert.sha1', 64: 'app:cert.sha256' };

/** The route by which `name` reaches a process-name indicator, or null. */
function processRoute(name: string, indicator: Indicator, route: MatchRoute): MatchRoute | null {
  if (indicator.type !== 'process:name') return null;
  if (indicator.value === name) return route;
  if (name.length === CUT && indicator.value.length > CUT && indicator.value.startsWith(name)) return 'truncated-name';
  return null;
}

/** Every route from `o` to `indicator`, in the order the matcher tries them. */
function routes(o: Observation, indicator: Indicator): MatchRoute[] {
  const value = o.value.trim();
  const out: Array<MatchRoute | null> = [];
  const { type } = indicator;
  switch (o.kind) {
    case 'process': {
      const bare = /^\[.+\]$|^\(.+\)$/.test(value) ? value.slice(1, -1) : value;
      if (bare.includes('/') && !bare.startsWith('/')) {
        out.push(processRoute(bare, indicator, 'exact'));
        out.push(processRoute(basename(bare), indicator, 'basename'));
        break;
      }
      const name = basename(bare);
      out.push(processRoute(name, indicator, name === bare ? 'exact' : 'basename'));
      break;
    }
    case 'path': {
      const segments = devicePathSegments(value);
      const prefix = type === 'file:path' ? devicePathSegments(indicator.value) : null;
      if (
        segments &&
        prefix &&
        prefix.length > 0 &&
        prefix.length <= segments.length &&
        prefix.every((s, i) => segments[i] === s)
      )
        out.push('path-prefix');
      const name = basename(value);
      if (name) {
        if (type === 'file:name' && indicator.value === name) out.push('basename');
        out.push(processRoute(name, indicator, 'basename'));
      }
      if (SHUTDOWN_LOG.test(basename(o.source)) && type === 'process:name') {
        const folders = value.split('/').slice(0, -1);
        if (folders.some((f) => f !== '' && f === indicator.value)) out.push('path-component');
      }
      break;
    }
    case 'domain': {
      if (isIpv4(value)) {
        if (type === 'ipv4-addr:value' && indicator.value === value) out.push('exact');
        break;
      }
      const host = normalizeDomain(value);
      if (!host || type !== 'domain-name:value') break;
      const at = domainCandidates(host).indexOf(indicator.value);
      if (at >= 0) out.push(at === 0 ? 'exact' : 'subdomain');
      break;
    }
    case 'bundleId':
      if (type === 'app:id' && indicator.value.toLowerCase() === value.toLowerCase()) out.push('exact');
      out.push(processRoute(value, indicator, 'exact'));
      break;
    case 'ipv4':
      if (type === 'ipv4-addr:value' && indicator.value === value) out.push('exact');
      break;
    case 'email':
      if (type === 'email-addr:value' && indicator.value === value.toLowerCase()) out.push('exact');
      break;
    case 'url':
      if (type === 'url:value' && urlKey(indicator.value) === urlKey(value)) out.push('exact');
      break;
    case 'fileHash':
      if (HASH_TYPES.includes(type) && indicator.value === value.toLowerCase()) out.push('exact');
      break;
    case 'appCert':
      if (CERT_TYPES[value.length] === type && indicator.value === value.toLowerCase()) out.push('exact');
      break;
    case 'property':
      if (type === 'android-property:name' && indicator.value === value) out.push('exact');
      break;
    case 'teamId':
      if (type === 'x-apple-code-signing:team_id' && indicator.value === value.toUpperCase()) out.push('exact');
      break;
    case 'signingId':
      if (type === 'x-apple-code-signing:signing_id' && indicator.value === value) out.push('exact');
      break;
    case 'cdhash':
      if (type === 'x-apple-code-signing:cdhash' && indicator.value === value.toLowerCase()) out.push('exact');
      break;
    case 'accessibilityService':
    case 'deviceAdmin':
    case 'receiver':
    case 'appop': {
      const cut = value.search(/[/:]/);
      const pkg = (cut < 0 ? value : value.slice(0, cut)).toLowerCase();
      if (type === 'app:id' && indicator.value.toLowerCase() === pkg) out.push('package');
      break;
    }
    default:
      break;
  }
  return out.filter((r): r is MatchRoute => r !== null);
}

/** Whether every field the suppression gives matches the finding (the README's rule). */
export function suppressionApplies(s: Suppression, indicatorId: string, o: Observation): boolean {
  return (
    (s.indicatorId === undefined || s.indicatorId === indicatorId) &&
    (s.kind === undefined || s.kind === o.kind) &&
    (s.value === undefined || s.value === o.value)
  );
}

/** Findings of one observation: one per indicator (rule set, version, id), by its first route. */
export function referenceMatch(
  indicators: Indicator[],
  suppressions: Suppression[],
  o: Observation,
  includeSuppressed = false,
): Finding[] {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const indicator of indicators) {
    const route = routes(o, indicator)[0];
    if (!route) continue;
    const key = JSON.stringify([indicator.ruleSet.id, indicator.ruleSet.version, indicator.id]);
    if (seen.has(key)) continue;
    seen.add(key);
    const suppression = suppressions.find((s) => suppressionApplies(s, indicator.id, o));
    if (suppression && !includeSuppressed) continue;
    findings.push({
      observation: o,
      indicator: { id: indicator.id, type: indicator.type, value: indicator.value, pattern: indicator.pattern },
      family: indicator.family,
      ruleSet: indicator.ruleSet,
      route,
      ...(suppression ? { suppression } : {}),
    });
  }
  return findings;
}
