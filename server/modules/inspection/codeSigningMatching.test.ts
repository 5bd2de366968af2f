import { describe, expect, it } from 'vitest';

import { aftermathZip, MAC_SAMPLE } from './aftermath/aftermathSamples';
import { readAftermath } from './aftermath/readAftermath';
import { buildMatcher } from './matcher';
import { referenceMatch } from './referenceMatcher';
import { parseStixBundle } from './stixBundle';
import { parseIndicatorPattern } from './stixPattern';
import type { Indicator, ObservationKind } from './types';

const NOW = new Date('2024-06-10T00:00:00Z');

/** A bundle of unattributed indicators, one per pattern, ids in the patterns' order. */
function bundle(patterns: string[]): string {
  return JSON.stringify({
    type: 'bundle',
    id: 'bundle--c0de5160-0000-4000-8000-000000000001',
    objects: patterns.map((pattern, i) => ({
      type: 'indicator',
      spec_version: '2.1',
      id: `indicator--c0de5160-0000-4000-8000-0000000000${10 + i}`,
      pattern,
      pattern_type: 'stix',
      valid_from: '2026-01-01T00:00:00Z',
    })),
  });
}

describe('the code-signing extension (x-apple-code-signing)', () => {
  it.each([
    ["[x-apple-code-signing:team_id = 'UBF8T346G9']", 'x-apple-code-signing:team_id', 'UBF8T346G9'],
    ["[x-apple-code-signing:team_id = 'ubf8t346g9']", 'x-apple-code-signing:team_id', 'UBF8T346G9'],
    [
      "[x-apple-code-signing:signing_id = 'com.Example.Updater']",
      'x-apple-code-signing:signing_id',
      'com.Example.Updater',
    ],
    [`[x-apple-code-signing:cdhash = '${'AB'.repeat(20)}']`, 'x-apple-code-signing:cdhash', 'ab'.repeat(20)],
  ])('parses %s', (pattern, type, value) => {
    expect(parseIndicatorPattern(pattern)).toEqual({ ok: true, type, value });
  });

  it.each([
    ["[x-apple-code-signing:team_id = 'UBF8T346G']", 'not a ten-character team id'],
    ["[x-apple-code-signing:team_id = 'UBF8T346G9X']", 'not a ten-character team id'],
    ["[x-apple-code-signing:team_id = 'UBF8-346G9']", 'not a ten-character team id'],
    ["[x-apple-code-signing:signing_id = 'com.example updater']", 'not a signing identifier'],
    [`[x-apple-code-signing:signing_id = '${'a'.repeat(256)}']`, 'not a signing identifier'],
    [`[x-apple-code-signing:cdhash = '${'ab'.repeat(32)}']`, 'not a cdhash (40 hex digits)'],
    [`[x-apple-code-signing:cdhash = '${'zz'.repeat(20)}']`, 'not a cdhash (40 hex digits)'],
    ["[x-apple-code-signing:team = 'UBF8T346G9']", 'unsupported object path x-apple-code-signing:team'],
  ])('refuses %s with the reason', (pattern, reason) => {
    const result = parseIndicatorPattern(pattern);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toContain(reason);
  });

  const indicators: Indicator[] = parseStixBundle(
    bundle([
      "[x-apple-code-signing:team_id = 'ABCDE12345']",
      "[x-apple-code-signing:signing_id = 'com.Example.Updater']",
      `[x-apple-code-signing:cdhash = '${'9f'.repeat(20)}']`,
      "[app:id = 'com.example.updater']",
    ]),
  ).indicators;
  const byValue = (kind: ObservationKind, value: string) =>
    buildMatcher(indicators)
      .match({ kind, value, source: 'Artifacts/raw/provenance/ExecPolicy' })
      .map((f) => `${f.indicator.type}=${f.indicator.value}`);

  it.each<[ObservationKind, string, string[], string]>([
    ['teamId', 'ABCDE12345', ['x-apple-code-signing:team_id=ABCDE12345'], 'the team id'],
    [
      'teamId',
      'abcde12345',
      ['x-apple-code-signing:team_id=ABCDE12345'],
      'a team id in any case (Apple writes capitals)',
    ],
    ['teamId', 'ABCDE1234', [], 'not a prefix'],
    ['signingId', 'com.Example.Updater', ['x-apple-code-signing:signing_id=com.Example.Updater'], 'the signing id'],
    ['signingId', 'com.example.updater', [], 'a signing id is compared exactly, as a code requirement does'],
    ['signingId', 'com.Example.Updater.helper', [], 'not a prefix'],
    ['bundleId', 'com.Example.Updater', ['app:id=com.example.updater'], 'a bundle id meets app:id only'],
    ['cdhash', '9F'.repeat(20), [`x-apple-code-signing:cdhash=${'9f'.repeat(20)}`], 'a cdhash in any case'],
    ['cdhash', '9f'.repeat(19), [], 'a shorter digest'],
    ['fileHash', '9f'.repeat(20), [], 'a file hash is not a cdhash'],
    ['process', 'ABCDE12345', [], 'a process name is not a team id'],
  ])('%s %s: %j (%s)', (kind, value, expected) => {
    expect(byValue(kind, value)).toEqual(expected);
    // The literal reading of the rules agrees.
    const observation = { kind, value, source: 'x' };
    expect(referenceMatch(indicators, [], observation).map((f) => `${f.indicator.type}=${f.indicator.value}`)).toEqual(
      expected,
    );
  });

  it('finds a Mac by the team, signing id and cdhash XProtect and ExecPolicy recorded; the clean control by none of the sample’s', async () => {
    const patterns = [
      // Zoom's team, written in lower case: ExecPolicy measured it (a made-up rule, to show the key).
      "[x-apple-code-signing:team_id = 'bj4haab9b3']",
      // The fake installer's signing id as ExecPolicy's provenance recorded it.
      `[x-apple-code-signing:signing_id = '${MAC_SAMPLE.installerSigningId}']`,
      // The same id in another case: no finding.
      `[x-apple-code-signing:signing_id = '${MAC_SAMPLE.installerSigningId.toLowerCase()}']`,
      // The unsigned updater's cdhash (syspolicyd keys its measurement by it), in capitals.
      "[x-apple-code-signing:cdhash = '9A8B7C6D5E4F30211203F4E5D6C7B8A900112233']",
      // XProtect's detection names the updater's signing id.
      "[x-apple-code-signing:signing_id = 'updater-55554944']",
      "[x-apple-code-signing:team_id = 'ZZZZZZZZZZ']",
    ];
    const matcher = buildMatcher(parseStixBundle(bundle(patterns)).indicators);
    const findings = async (options: Parameters<typeof aftermathZip>[0]) => {
      const report = await readAftermath(await aftermathZip(options), { now: NOW });
      return [
        ...new Set(
          report.observations
            .flatMap((o) => matcher.match(o))
            .map(
              (f) => `${f.indicator.pattern} <- ${f.observation.kind} ${f.observation.value} (${f.observation.source})`,
            ),
        ),
      ].sort();
    };
    const source = 'Artifacts/raw/provenance/ExecPolicy';
    expect(await findings({ xprotect: true })).toEqual(
      [
        `${patterns[0]} <- teamId BJ4HAAB9B3 (${source})`,
        `${patterns[1]} <- signingId ${MAC_SAMPLE.installerSigningId} (${source})`,
        `${patterns[3]} <- cdhash 9a8b7c6d5e4f30211203f4e5d6c7b8a900112233 (${source})`,
        `${patterns[4]} <- signingId updater-55554944 (Artifacts/raw/xbs/XPdb)`,
      ].sort(),
    );
    // The control still runs Zoom: only its team is found, nothing of the flagged sample.
    expect(await findings({ clean: true })).toEqual([`${patterns[0]} <- teamId BJ4HAAB9B3 (${source})`]);
  });
});
