import { normalizeDevicePath } from './devicePath';
import { normalizeDomain } from './registrableDomain';
import type { IndicatorType } from './types';

export type PatternResult = { ok: true; type: IndicatorType; value: string } | { ok: false; reason: string };

/** Longest indicator value we accept; real ones are short, so a longer one is a mistake or an attack. */
export const MAX_PATTERN_VALUE_CHARS = 2048;

/**
 * Exactly one comparison, `[object:property = 'value']`, nothing before or after it. STIX escapes
 * `'` and `\` inside the string with a backslash.
 */
const SINGLE_COMPARISON = /^\[\s*([a-z0-9-]+):([A-Za-z0-9_.'-]+)\s*=\s*'((?:[^'\\]|\\['\\])*)'\s*\]$/;

const HASH_ALGORITHMS: Record<string, 'sha256' | 'sha1' | 'md5'> = {
  sha256: 'sha256',
  'sha-256': 'sha256',
  sha1: 'sha1',
  'sha-1': 'sha1',
  md5: 'md5',
};
const HASH_LENGTHS = { sha256: 64, sha1: 40, md5: 32 };

const SIMPLE_PROPERTIES: Record<string, IndicatorType> = {
  'process:name': 'process:name',
  'domain-name:value': 'domain-name:value',
  'ipv4-addr:value': 'ipv4-addr:value',
  'file:name': 'file:name',
  'file:path': 'file:path',
  'email-addr:value': 'email-addr:value',
  'url:value': 'url:value',
  'app:id': 'app:id',
  // A system property's name (MVT documents the name only: the property being set is the sign).
  'android-property:name': 'android-property:name',
};

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export function isIpv4(value: string): boolean {
  return IPV4.test(value);
}

/** `hashes.sha256`, `hashes.'SHA-256'`, `hashes.SHA256` -> the algorithm; otherwise null. */
function hashAlgorithm(property: string): 'sha256' | 'sha1' | 'md5' | null {
  const m = /^hashes\.(?:'([^']+)'|([A-Za-z0-9-]+))$/.exec(property);
  if (!m) return null;
  return HASH_ALGORITHMS[(m[1] ?? m[2] ?? '').toLowerCase()] ?? null;
}

/** Our custom object (STIX 2.1 §11.1 wants an `x-` prefix): README "Code-signing extension". */
export const CODE_SIGNING_OBJECT = 'x-apple-code-signing';

/** Apple issues a developer team a ten-character id of capitals and digits (`UBF8T346G9`). */
export const TEAM_ID = /^[A-Z0-9]{10}$/;

/**
 * A team id is Apple's and written in capitals, so one typed in lower case is still that team; a
 * signing identifier is compared exactly, as a code requirement (`identifier "..."`) compares it;
 * a cdhash is the 20 bytes the kernel keys a binary's code directory by, in hex.
 */
function codeSigningPattern(property: string, value: string): PatternResult {
  switch (property) {
    case 'team_id': {
      const team = value.toUpperCase();
      return TEAM_ID.test(team)
        ? { ok: true, type: 'x-apple-code-signing:team_id', value: team }
        : { ok: false, reason: 'not a ten-character team id' };
    }
    case 'signing_id':
      return /^[\x21-\x7e]+$/.test(value) && value.length <= 255
        ? { ok: true, type: 'x-apple-code-signing:signing_id', value }
        : { ok: false, reason: 'not a signing identifier (printable ASCII, no spaces, at most 255 characters)' };
    case 'cdhash': {
      const hex = value.toLowerCase();
      return /^[0-9a-f]{40}$/.test(hex)
        ? { ok: true, type: 'x-apple-code-signing:cdhash', value: hex }
        : { ok: false, reason: 'not a cdhash (40 hex digits)' };
    }
    default:
      return { ok: false, reason: `unsupported object path ${CODE_SIGNING_OBJECT}:${property}` };
  }
}

/** Parses one STIX pattern of the supported subset; anything else is refused with the reason. */
export function parseIndicatorPattern(pattern: string): PatternResult {
  if (pattern.length > MAX_PATTERN_VALUE_CHARS + 100) return { ok: false, reason: 'pattern too long' };
  const m = SINGLE_COMPARISON.exec(pattern.trim());
  if (!m) return { ok: false, reason: "not a single comparison [type:property = 'value']" };
  const objectType = m[1]!;
  const property = m[2]!;
  const value = m[3]!.replace(/\\(['\\])/g, '$1');
  if (value.length === 0) return { ok: false, reason: 'empty value' };
  if (value.length > MAX_PATTERN_VALUE_CHARS) return { ok: false, reason: 'value too long' };

  if (objectType === 'file' && property.startsWith('hashes.')) {
    const algorithm = hashAlgorithm(property);
    if (!algorithm) return { ok: false, reason: `unsupported hash algorithm in file:${property}` };
    const hex = value.toLowerCase();
    if (!/^[0-9a-f]+$/.test(hex) || hex.length !== HASH_LENGTHS[algorithm]) {
      return { ok: false, reason: `not a ${algorithm} hex digest` };
    }
    return { ok: true, type: `file:hashes.${algorithm}`, value: hex };
  }

  if (objectType === 'app' && property.startsWith('cert.')) {
    // An Android app's signing certificate digest, as AndroidQF's packages.json gives it.
    const algorithm = ({ md5: 'md5', sha1: 'sha1', sha256: 'sha256' } as const)[
      property.slice(5).toLowerCase() as 'md5'
    ];
    if (!algorithm) return { ok: false, reason: `unsupported certificate hash in app:${property}` };
    const hex = value.toLowerCase();
    if (!/^[0-9a-f]+$/.test(hex) || hex.length !== HASH_LENGTHS[algorithm])
      return { ok: false, reason: `not a ${algorithm} hex digest` };
    return { ok: true, type: `app:cert.${algorithm}`, value: hex };
  }

  if (objectType === CODE_SIGNING_OBJECT) return codeSigningPattern(property, value);

  const type = SIMPLE_PROPERTIES[`${objectType}:${property}`];
  if (!type) return { ok: false, reason: `unsupported object path ${objectType}:${property}` };
  switch (type) {
    case 'domain-name:value': {
      const host = normalizeDomain(value);
      return host ? { ok: true, type, value: host } : { ok: false, reason: 'not a domain name' };
    }
    case 'ipv4-addr:value':
      // A CIDR range would need range matching, which we do not do: refuse rather than match exactly.
      return isIpv4(value) ? { ok: true, type, value } : { ok: false, reason: 'not a single IPv4 address' };
    case 'file:path': {
      const path = normalizeDevicePath(value);
      return path && path !== '/' ? { ok: true, type, value: path } : { ok: false, reason: 'not an absolute path' };
    }
    case 'file:name':
      return value.includes('/') ? { ok: false, reason: 'file name contains a slash' } : { ok: true, type, value };
    case 'android-property:name':
      return /^[A-Za-z0-9_.:@-]+$/.test(value)
        ? { ok: true, type, value }
        : { ok: false, reason: 'not a system property name' };
    case 'email-addr:value':
      return /^[^\s@]+@[^\s@]+$/.test(value)
        ? { ok: true, type, value: value.toLowerCase() }
        : { ok: false, reason: 'not an e-mail address' };
    default:
      return { ok: true, type, value };
  }
}
