import { describe, expect, it } from 'vitest';

import { extractArtefact } from './artefacts';
import { FIXTURE_BUNDLES, readFixtureBundle } from './indicatorFixtures';
import { inspectArchive } from './inspectArchive';
import { buildMatcher } from './matcher';
import { referenceMatch } from './referenceMatcher';
import { scanArchive } from './safeArchive';
import { SEEDED_INDICATORS, SEEDED_SUPPRESSIONS, seededArchive, seededObservations } from './seededArchive';
import { parseStixBundle } from './stixBundle';
import type { Finding, Observation } from './types';

/**
 * Inspection was made faster (indexes, fewer allocations) without changing what it
 * finds. The golden file was written by the implementation before that work, from archives a
 * seeded generator makes; every observation (kind, value, source, line, time, evidence), finding,
 * heuristic and artefact report must stay the same, in the same order. The indexed matcher is also
 * held to a literal reading of the README's rules (referenceMatcher.ts) on observations of every kind.
 * A deliberate change of what inspection finds rewrites the golden (`npx vitest run --project server
 * <this file> -u`) in the same commit, which says why; a speed-up never does.
 */
const indicators = [
  ...FIXTURE_BUNDLES.flatMap((name) => parseStixBundle(readFixtureBundle(name)).indicators),
  ...SEEDED_INDICATORS,
];
const SEEDS = [1, 2, 3];
const REPORTS = 40;

const obs = (o: Observation): string =>
  [o.kind, o.value, o.source, o.line ?? '', o.timestamp ?? '', o.raw ?? ''].join(' | ');
const finding = (f: Finding): string =>
  `${obs(f.observation)} => ${f.ruleSet.id}@${f.ruleSet.version} ${f.indicator.id} ${f.indicator.type} ${f.indicator.value} (${f.route})${f.suppression ? ` suppressed by ${JSON.stringify(f.suppression)}` : ''}`;

/** One line per observation, finding, heuristic and artefact; a finding names its observation by index. */
async function readSeeded(seed: number) {
  const archive = seededArchive(seed, REPORTS);
  const observations: string[] = [];
  await scanArchive(archive, ({ path, data }) => {
    for (const o of extractArtefact(path, data).observations) observations.push(obs(o));
  });
  const index = new Map(observations.map((o, i) => [o, i]));
  const report = await inspectArchive(archive, buildMatcher(indicators));
  return {
    seed,
    device: report.device,
    archive: report.archive,
    artefacts: report.artefacts.map((a) => [a.path, a.kind, a.observations, a.error ?? '', ...a.warnings].join(' | ')),
    observationCount: report.observations,
    observations,
    findings: report.findings.map(
      (f) =>
        `#${index.get(obs(f.observation)) ?? obs(f.observation)} => ${f.ruleSet.id}@${f.ruleSet.version} ${f.indicator.id} (${f.route})`,
    ),
    heuristics: report.heuristics.map((h) => `${h.rule}: ${h.message} [#${index.get(obs(h.observation))}]`),
  };
}

describe('inspection before and after the speed-up', () => {
  it('reads the same observations, findings and heuristics from seeded archives as the golden file', async () => {
    const golden = [];
    for (const seed of SEEDS) golden.push(await readSeeded(seed));
    // Guards the guard: the archives reach findings by every iOS route, and heuristics.
    const routes = new Set(golden.flatMap((g) => g.findings.map((f) => /\((\S+)\)$/.exec(f)![1])));
    expect([...routes].sort()).toEqual(['basename', 'exact', 'path-component', 'path-prefix', 'truncated-name']);
    expect(golden.every((g) => g.heuristics.length > 0 && g.observationCount > 150)).toBe(true);
    await expect(`${JSON.stringify(golden, null, 1)}\n`).toMatchFileSnapshot('./__golden__/inspectionGolden.txt');
  });

  const sortFindings = (list: Finding[]): string[] => list.map(finding).sort();

  it('finds what the literal reading of the rules finds, observation by observation, with and without suppressions', async () => {
    const fromArchives: Observation[] = [];
    for (const seed of SEEDS) {
      await scanArchive(
        seededArchive(seed, REPORTS),
        ({ path, data }) => void fromArchives.push(...extractArtefact(path, data).observations),
      );
    }
    const observations = [...fromArchives, ...seededObservations(7, 4000)];
    for (const suppressions of [[], SEEDED_SUPPRESSIONS]) {
      const matcher = buildMatcher(indicators, suppressions);
      let hits = 0;
      for (const includeSuppressed of [false, true]) {
        for (const o of observations) {
          const expected = sortFindings(referenceMatch(indicators, suppressions, o, includeSuppressed));
          expect(sortFindings(matcher.match(o, { includeSuppressed }))).toEqual(expected);
          hits += expected.length;
        }
      }
      expect(hits).toBeGreaterThan(1000);
    }
  });
});
