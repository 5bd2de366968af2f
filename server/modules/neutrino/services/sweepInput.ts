import { randomUUID } from 'node:crypto';

import { HttpError } from '../../../contracts';
import {
  INDICATOR_TYPES,
  type IndicatorType,
  MAX_PATTERN_VALUE_CHARS,
  parseStixBundle,
  type RuleSet,
  StixImportError,
} from '../../inspection/public';

/** Most indicators one sweep takes (a larger list is a rule set: it keeps watching). */
export const MAX_SWEEP_VALUES = 10_000;
/** Each value is looked up by its trigrams: shorter ones would read every observation. */
export const MIN_SWEEP_VALUE_CHARS = 3;
/** The longest value a sweep takes: gluon's bound on an indicator value, so a sweep can become a rule set. */
export const MAX_SWEEP_VALUE_CHARS = MAX_PATTERN_VALUE_CHARS;
/** How much of a refused pattern an error quotes: a refusal never echoes a whole (possibly huge) value. */
const QUOTED_CHARS = 60;

const fmt = (n: number) => n.toLocaleString('en-US');
/** A pattern as an answer quotes it: its first characters, an ellipsis when cut. */
export const quoted = (text: string) => (text.length > QUOTED_CHARS ? `${text.slice(0, QUOTED_CHARS)}…` : text);

/** `name`, when given, names the rule set a sweep becomes (a bundle's own name otherwise). */
export type SweepInput = { bundle: string; name?: string } | { values: string; type: IndicatorType; name?: string };

/** STIX's string escaping inside a pattern: `\` and `'` get a backslash. */
const stixString = (value: string) => value.replace(/[\\']/g, (c) => `\\${c}`);

/**
 * Plain values (one per line; blank lines and `#` comments skipped) as a STIX 2.1 bundle of one
 * malware family, so a pasted list is parsed, normalised and later imported exactly like a bundle.
 */
export function bundleOfValues(values: string, type: IndicatorType, name = 'Sweep'): string {
  if (!INDICATOR_TYPES.includes(type)) throw new HttpError(400, `Unknown indicator type ${type}.`);
  const all = values.split(/\r?\n/).map((l) => l.trim());
  // Told by its line, never quoted: the value may be 100 KB, and an error is shown whole.
  const long = all.findIndex((l) => l.length > MAX_SWEEP_VALUE_CHARS);
  if (long >= 0)
    throw new HttpError(
      400,
      `A value is longer than ${fmt(MAX_SWEEP_VALUE_CHARS)} characters (line ${fmt(long + 1)}); indicator values are short.`,
    );
  const lines = all.filter((l) => l !== '' && !l.startsWith('#'));
  if (lines.length === 0) throw new HttpError(400, 'Paste at least one value, one per line.');
  if (lines.length > MAX_SWEEP_VALUES)
    throw new HttpError(
      400,
      `A sweep takes at most ${MAX_SWEEP_VALUES.toLocaleString('en-US')} values (this list has ${lines.length.toLocaleString('en-US')}).`,
    );
  const now = new Date().toISOString();
  const family = {
    type: 'malware',
    spec_version: '2.1',
    id: `malware--${randomUUID()}`,
    created: now,
    modified: now,
    name,
    is_family: true,
  };
  const objects: object[] = [family];
  for (const value of new Set(lines)) {
    const id = `indicator--${randomUUID()}`;
    objects.push({
      type: 'indicator',
      spec_version: '2.1',
      id,
      created: now,
      modified: now,
      pattern: `[${type} = '${stixString(value)}']`,
      pattern_type: 'stix',
      valid_from: now,
    });
    objects.push({
      type: 'relationship',
      spec_version: '2.1',
      id: `relationship--${randomUUID()}`,
      created: now,
      modified: now,
      relationship_type: 'indicates',
      source_ref: id,
      target_ref: family.id,
    });
  }
  return JSON.stringify({ type: 'bundle', id: `bundle--${randomUUID()}`, name, objects });
}

/** The sweep's bundle text: as given, or built from the pasted values. */
export function sweepBundleText(input: SweepInput): string {
  return 'bundle' in input ? input.bundle : bundleOfValues(input.values, input.type, input.name);
}

/** Parses the sweep's indicators with gluon's STIX reader (its normalisation and refusals), within the sweep's bounds. */
export function parseSweep(bundleText: string): RuleSet {
  let parsed: RuleSet;
  try {
    parsed = parseStixBundle(bundleText, { fallbackName: 'Sweep' });
  } catch (error) {
    if (error instanceof StixImportError) throw new HttpError(400, error.message);
    throw error;
  }
  if (parsed.indicators.length === 0) {
    const reasons = parsed.unsupported.slice(0, 3).map((u) => `${quoted(u.pattern || u.id)}: ${u.reason}`);
    throw new HttpError(400, `No indicator to sweep for${reasons.length ? ` (${reasons.join('; ')})` : ''}.`);
  }
  if (parsed.indicators.length > MAX_SWEEP_VALUES) {
    throw new HttpError(
      400,
      `A sweep takes at most ${MAX_SWEEP_VALUES.toLocaleString('en-US')} values (this one has ${parsed.indicators.length.toLocaleString('en-US')}).`,
    );
  }
  const short = parsed.indicators.filter((i) => i.value.length < MIN_SWEEP_VALUE_CHARS).map((i) => i.value);
  if (short.length > 0)
    throw new HttpError(
      400,
      `Values need at least ${MIN_SWEEP_VALUE_CHARS} characters: ${short.slice(0, 5).join(', ')}.`,
    );
  return parsed;
}

/** The sweep body as the API takes it: a bundle, or values with their type. */
export function sweepInputOf(body: {
  bundle?: string;
  values?: string;
  type?: IndicatorType;
  name?: string;
}): SweepInput {
  if (body.bundle !== undefined && body.values !== undefined)
    throw new HttpError(400, 'Give a STIX bundle or a list of values, not both.');
  if (body.bundle !== undefined) return { bundle: body.bundle, ...(body.name ? { name: body.name } : {}) };
  if (body.values === undefined) throw new HttpError(400, 'Give a STIX bundle or a list of values.');
  if (!body.type) throw new HttpError(400, 'Say what the values are (process name, domain, path…).');
  return { values: body.values, type: body.type, ...(body.name ? { name: body.name } : {}) };
}
