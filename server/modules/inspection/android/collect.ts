import { MAX_OBSERVATIONS_PER_FILE, WarningList } from '../bounds';
import { clipRaw } from '../types';
import type { AndroidObservation } from './androidTypes';

/**
 * The observations of one artefact: distinct (kind, value, package), bounded in number; the raw
 * record clipped as the engine clips it. What the bound cuts is said once in the warnings.
 */
export class ObservationList {
  readonly items: AndroidObservation[] = [];
  readonly warnings = new WarningList();
  private readonly seen = new Map<string, AndroidObservation>();
  private dropped = 0;

  constructor(
    readonly source: string,
    private readonly max = MAX_OBSERVATIONS_PER_FILE,
  ) {}

  /**
   * Adds the observation (source filled in); answers the one kept, the earlier twin, or null when
   * full. `distinct` tells apart records of one value (a receiver's two actions).
   */
  add(o: Omit<AndroidObservation, 'source'>, distinct = ''): AndroidObservation | null {
    const key = `${o.kind}\u0000${o.value}\u0000${o.appId ?? ''}\u0000${o.algorithm ?? ''}\u0000${distinct}`;
    const twin = this.seen.get(key);
    if (twin) return twin;
    if (this.items.length >= this.max) {
      this.dropped += 1;
      return null;
    }
    const observation: AndroidObservation = { ...o, source: this.source };
    if (observation.raw !== undefined) observation.raw = clipRaw(observation.raw);
    this.items.push(observation);
    this.seen.set(key, observation);
    return observation;
  }

  /** The warnings, with the bound's cut said last. */
  done(): string[] {
    const out = this.warnings.done();
    return this.dropped ? [...out, `more than ${this.max} distinct observations: ${this.dropped} not kept`] : out;
  }
}

/** Hex digests are compared lower-case; anything else is not a digest of that length. */
export function hexDigest(value: unknown, length: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const hex = value.trim().toLowerCase();
  return hex.length === length && /^[0-9a-f]+$/.test(hex) ? hex : undefined;
}

export const DIGEST_LENGTHS = { md5: 32, sha1: 40, sha256: 64, sha512: 128 } as const;

/** A JSON string field, trimmed; undefined when absent, not a string, empty or `null`. */
export function str(value: unknown, max = 4096): string | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim();
  if (v === '' || v === 'null') return undefined;
  return v.length > max ? v.slice(0, max) : v;
}

/** Package names: Java-like dotted identifiers (`com.example.app`, `android`), at most 255 characters. */
export function isPackageName(value: string): boolean {
  return value.length <= 255 && /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/.test(value);
}
