import { createHash } from 'node:crypto';

import { count } from '@common/format/count';

import { parseIndicatorPattern } from './stixPattern';
import {
  type Family,
  type FamilyReference,
  type Indicator,
  INDICATOR_TYPES,
  type IndicatorType,
  type RuleSetRef,
} from './types';

/** Largest bundle accepted (the biggest public MVT bundles are well under 1 MiB). */
export const MAX_BUNDLE_BYTES = 16 * 1024 * 1024;
export const MAX_BUNDLE_OBJECTS = 200_000;

export class StixImportError extends Error {
  override readonly name = 'StixImportError';
}

export interface UnsupportedIndicator {
  id: string;
  pattern: string;
  reason: string;
}

export interface RuleSet extends RuleSetRef {
  /** Author, from an `identity` object when present. */
  author?: string;
  /** sha256 of the bundle as imported, so a re-import of the same file is recognisable. */
  digest: string;
  families: Family[];
  indicators: Indicator[];
  unsupported: UnsupportedIndicator[];
  counts: Record<IndicatorType, number>;
}

export interface ParseOptions {
  /** Rule-set name when the bundle names none (e.g. the uploaded file's name). */
  fallbackName?: string;
  maxBytes?: number;
}

type StixObject = Record<string, unknown> & { type: string; id: string };

/** Family-linking relationship types, as MVT's bundles and the STIX vocabulary use them. */
const FAMILY_LINKS = new Set(['indicates', 'related-to']);
const FAMILY_TYPES = new Set(['malware', 'report']);
const DEFAULT_FAMILY_NAME = 'Unattributed';

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** Longest family description kept; a bundle's prose past it is cut at a word. */
export const MAX_FAMILY_DESCRIPTION_CHARS = 4000;
/** References kept per family: enough to read on, not a bibliography on the incident page. */
export const MAX_FAMILY_REFERENCES = 10;

function description(o: StixObject): string | undefined {
  const text = str(o.description);
  if (!text || text.length <= MAX_FAMILY_DESCRIPTION_CHARS) return text;
  const cut = text.slice(0, MAX_FAMILY_DESCRIPTION_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), MAX_FAMILY_DESCRIPTION_CHARS - 200))}…`;
}

/** Web references only: a bundle is untrusted input, and its links are shown to analysts as links. */
function references(o: StixObject): FamilyReference[] {
  if (!Array.isArray(o.external_references)) return [];
  const out: FamilyReference[] = [];
  for (const ref of o.external_references as unknown[]) {
    if (out.length >= MAX_FAMILY_REFERENCES) break;
    if (!ref || typeof ref !== 'object') continue;
    const r = ref as Record<string, unknown>;
    const url = str(r.url);
    if (!url || url.length > 2000) continue;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      continue;
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') continue;
    const source = (str(r.source_name) ?? str(r.description) ?? parsed.hostname).slice(0, 200);
    out.push({ source, url: parsed.href });
  }
  return out;
}

/** An explicit version where a producer wrote one (not in STIX core, common as a custom property). */
const explicitVersion = (o: Record<string, unknown> | undefined): string | undefined =>
  o ? (str(o.version) ?? str(o.x_version) ?? str(o.x_mvt_version)) : undefined;

/**
 * Imports a STIX 2.1 bundle as a rule set: its indicators of the supported single-comparison
 * patterns, each tied to the malware (or report) family a relationship links it to.
 */
export function parseStixBundle(input: string | Buffer, options: ParseOptions = {}): RuleSet {
  const maxBytes = options.maxBytes ?? MAX_BUNDLE_BYTES;
  const size = typeof input === 'string' ? Buffer.byteLength(input) : input.length;
  if (size > maxBytes) throw new StixImportError(`Bundle is too large (${size} bytes, at most ${maxBytes})`);
  const text = (typeof input === 'string' ? input : input.toString('utf8')).replace(/^\uFEFF/, '');
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (err) {
    throw new StixImportError(`Bundle is not valid JSON: ${(err as Error).message}`);
  }
  if (!isRecord(root) || root.type !== 'bundle') throw new StixImportError('Not a STIX bundle (no "type": "bundle")');
  const bundleId = str(root.id);
  if (!bundleId) throw new StixImportError('STIX bundle has no id');
  if (!Array.isArray(root.objects)) throw new StixImportError('STIX bundle has no "objects" array');
  if (root.objects.length > MAX_BUNDLE_OBJECTS) {
    throw new StixImportError(`Bundle has too many objects (${root.objects.length}, at most ${MAX_BUNDLE_OBJECTS})`);
  }

  const objects = root.objects.filter(
    (o): o is StixObject => isRecord(o) && typeof o.type === 'string' && typeof o.id === 'string',
  );
  const unsupported: UnsupportedIndicator[] = [];
  const malformed = root.objects.length - objects.length;
  if (malformed > 0)
    unsupported.push({ id: '', pattern: '', reason: `${count(malformed, 'object')} without a type or id` });

  const byId = new Map(objects.map((o) => [o.id, o]));
  const reports = objects.filter((o) => o.type === 'report');
  const identity = objects.find((o) => o.type === 'identity');
  const malware = objects.filter((o) => o.type === 'malware');

  const name =
    str(reports[0]?.name) ??
    str(root.name) ??
    (malware.length > 0 ? malware.map((m) => str(m.name) ?? m.id).join(', ') : undefined) ??
    str(options.fallbackName) ??
    bundleId;
  const version =
    explicitVersion(root) ?? explicitVersion(reports[0]) ?? explicitVersion(identity) ?? latestModified(objects) ?? '1';
  const ruleSet: RuleSetRef = { id: bundleId, name, version };

  const families = new Map<string, Family>();
  const familyOf = new Map<string, Family>();
  const family = (o: StixObject): Family => {
    let f = families.get(o.id);
    if (!f) {
      const about = description(o);
      const links = references(o);
      f = {
        id: o.id,
        name: str(o.name) ?? o.id,
        ...(about ? { description: about } : {}),
        ...(links.length ? { references: links } : {}),
      };
      families.set(o.id, f);
    }
    return f;
  };
  // Relationships to a malware win over report membership: a report groups, a malware names.
  for (const rel of objects) {
    if (rel.type !== 'relationship' || !FAMILY_LINKS.has(String(rel.relationship_type))) continue;
    const [a, b] = [byId.get(String(rel.source_ref)), byId.get(String(rel.target_ref))];
    if (!a || !b) continue;
    const [indicator, target] = a.type === 'indicator' ? [a, b] : [b, a];
    if (indicator.type !== 'indicator' || !FAMILY_TYPES.has(target.type)) continue;
    const current = familyOf.get(indicator.id);
    const currentIsMalware = current !== undefined && byId.get(current.id)?.type === 'malware';
    if (!current || (!currentIsMalware && target.type === 'malware')) familyOf.set(indicator.id, family(target));
  }
  for (const report of reports) {
    if (!Array.isArray(report.object_refs)) continue;
    for (const ref of report.object_refs) {
      if (typeof ref === 'string' && byId.get(ref)?.type === 'indicator' && !familyOf.has(ref)) {
        familyOf.set(ref, family(report));
      }
    }
  }
  const defaultFamily: Family = { id: `${bundleId}#default`, name: DEFAULT_FAMILY_NAME };

  const counts = Object.fromEntries(INDICATOR_TYPES.map((t) => [t, 0])) as Record<IndicatorType, number>;
  const indicators: Indicator[] = [];
  for (const o of objects) {
    if (o.type !== 'indicator') continue;
    const pattern = typeof o.pattern === 'string' ? o.pattern : '';
    const patternType = o.pattern_type === undefined ? 'stix' : o.pattern_type;
    if (patternType !== 'stix') {
      unsupported.push({ id: o.id, pattern, reason: `pattern_type ${String(patternType)} is not supported` });
      continue;
    }
    if (!pattern) {
      unsupported.push({ id: o.id, pattern, reason: 'indicator has no pattern' });
      continue;
    }
    const parsed = parseIndicatorPattern(pattern);
    if (!parsed.ok) {
      unsupported.push({ id: o.id, pattern, reason: parsed.reason });
      continue;
    }
    counts[parsed.type] += 1;
    indicators.push({
      id: o.id,
      type: parsed.type,
      value: parsed.value,
      pattern,
      family: familyOf.get(o.id) ?? defaultFamily,
      ruleSet,
    });
  }
  if (indicators.some((i) => i.family === defaultFamily)) families.set(defaultFamily.id, defaultFamily);

  return {
    ...ruleSet,
    ...(identity && str(identity.name) ? { author: str(identity.name) } : {}),
    digest: createHash('sha256').update(text).digest('hex'),
    families: [...families.values()],
    indicators,
    unsupported,
    counts,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Without an explicit version, the newest `modified` stamp versions the content reproducibly. */
function latestModified(objects: StixObject[]): string | undefined {
  let latest: string | undefined;
  for (const o of objects) {
    const m = str(o.modified);
    if (m && !Number.isNaN(Date.parse(m)) && (!latest || Date.parse(m) > Date.parse(latest))) latest = m;
  }
  return latest;
}
