import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

// jsdom's import.meta.url is not a file URL: the tests run from the repository's root.
const root = process.cwd();
const fixtures = join(root, 'tests/types');
const MARKER = '// @expect-error-line';

/** `file:line` of each error tsc reports, for the files under tests/types. */
function errorLines(output: string): string[] {
  return [...output.matchAll(/^tests\/types\/(\S+?)\((\d+),\d+\): error TS\d+/gm)].map((m) => `${m[1]}:${m[2]}`);
}

/** The line after each marker comment: the line that must not type-check. */
function markedLines(file: string): string[] {
  const lines = readFileSync(join(fixtures, file), 'utf8').split('\n');
  return lines.flatMap((line, index) => (line.trim().startsWith(MARKER) ? [`${file}:${index + 2}`] : []));
}

const failFixtures = readdirSync(join(fixtures, 'fail'))
  .filter((name) => name.endsWith('.ts'))
  .map((name) => `fail/${name}`);

/**
 * The typed API client (core/api/ApiClient.ts) refuses wrong calls at compile time. One tsc run
 * over every fixture: each file in tests/types/fail must fail at its marked line and nowhere
 * else, and tests/types/pass must compile.
 */
describe('the typed API client refuses wrong calls at compile time', () => {
  let reported: string[] = [];

  beforeAll(async () => {
    const tsc = join(root, 'node_modules/typescript-native/bin/tsc');
    const run = await promisify(execFile)(
      process.execPath,
      [tsc, '--noEmit', '--pretty', 'false', '-p', 'tests/types/tsconfig.json'],
      { cwd: root },
    ).then(
      (done) => done.stdout,
      (failed: { stdout?: string }) => failed.stdout ?? '',
    );
    reported = [...new Set(errorLines(run))];
  }, 60_000);

  it('has fixtures, each with a marked line', () => {
    expect(failFixtures.length).toBeGreaterThanOrEqual(5);
    for (const file of failFixtures) expect(markedLines(file), file).not.toEqual([]);
  });

  it('compiles the calls that are right (tests/types/pass)', () => {
    expect(reported.filter((at) => at.startsWith('pass/'))).toEqual([]);
  });

  it.each(failFixtures)('%s fails at its marked line only', (file) => {
    expect(reported.filter((at) => at.startsWith(`${file}:`))).toEqual(markedLines(file));
  });
});
