import type { HeuristicFinding, Observation } from '../../inspection/public';

/** Files kept per stored observation besides the first (the evidence). */
export const MAX_SOURCES = 5;

/**
 * One stored observation per kind and value: where it was first seen (source, line, raw record:
 * the evidence), up to five files it was seen in, how often, first and last dated.
 */
export interface StoredObservation {
  kind: Observation['kind'];
  value: string;
  source: string;
  line: number | null;
  raw: string | null;
  sources: string[];
  occurrences: number;
  firstSeen: string | null;
  lastSeen: string | null;
}

/** Collects the observations of an inspection as they stream out of the extractors. */
export class ObservationSet {
  private readonly byKey = new Map<string, StoredObservation>();
  readonly heuristics: HeuristicFinding[] = [];

  add(o: Observation): void {
    const key = `${o.kind}\u0000${o.value}`;
    const ts = o.timestamp ?? null;
    const known = this.byKey.get(key);
    if (!known) {
      this.byKey.set(key, {
        kind: o.kind,
        value: o.value,
        source: o.source,
        line: o.line ?? null,
        raw: o.raw ?? null,
        sources: [o.source],
        occurrences: 1,
        firstSeen: ts,
        lastSeen: ts,
      });
      return;
    }
    known.occurrences += 1;
    if (known.sources.length < MAX_SOURCES && !known.sources.includes(o.source)) known.sources.push(o.source);
    if (ts && (!known.firstSeen || ts < known.firstSeen)) known.firstSeen = ts;
    if (ts && (!known.lastSeen || ts > known.lastSeen)) known.lastSeen = ts;
  }

  get size(): number {
    return this.byKey.size;
  }

  values(): StoredObservation[] {
    return [...this.byKey.values()];
  }
}

/** The matcher's view of a stored observation (the evidence keeps its first source, line and raw record). */
export function asObservation(o: StoredObservation): Observation {
  return {
    kind: o.kind,
    value: o.value,
    source: o.source,
    ...(o.line !== null ? { line: o.line } : {}),
    ...(o.firstSeen ? { timestamp: o.firstSeen } : {}),
    ...(o.raw !== null ? { raw: o.raw } : {}),
  };
}
