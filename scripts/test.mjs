#!/usr/bin/env node
// `npm test`: chromium, typecheck, import boundaries, API types, lint, format, build, unit tests
// (incl. bundle budget), server tests, Playwright suites. Stops at the first failing step and ends with a summary and
// a final line `N passed, N failed` (tests counted; a step without tests counts as one).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

import { playwrightConfigs, preparedE2eRun } from './e2e.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(path.join(tmpdir(), 'console-test-'));
// The Playwright suites share one build of the console, PGlite templates and API bundles.
const e2eRun = preparedE2eRun();
const env = {
  ...process.env,
  CONSOLE_BUILD_DIR: path.join(root, 'dist'),
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  FORCE_COLOR: process.env.FORCE_COLOR ?? '1',
};

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function vitestCounts(file) {
  const json = readJson(file);
  if (!json) return null;
  // A file that fails to load has no failed test, only a failed suite.
  const failed = json.numFailedTests || json.numFailedTestSuites || 0;
  return { passed: json.numPassedTests ?? 0, failed };
}

/** Strips colours and keeps the first lines of an error, so the summary stays short. */
function firstLines(message, lines = 6) {
  return stripVTControlCharacters(String(message ?? ''))
    .split('\n')
    .filter((line) => line.trim() && !/^\s*at /.test(line))
    .slice(0, lines)
    .map((line) => `      ${line.slice(0, 200)}`);
}

/** Failed tests of a vitest JSON report: name and the start of the first failure message. */
function vitestFailures(file) {
  const json = readJson(file);
  if (!json) return [];
  return (json.testResults ?? []).flatMap((result) => {
    const where = path.relative(root, result.name ?? '');
    const failedTests = (result.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (failedTests.length === 0 && result.status === 'failed') return [`    ${where}`, ...firstLines(result.message)];
    return failedTests.flatMap((test) => [
      `    ${where} › ${test.fullName ?? test.title}`,
      ...firstLines(test.failureMessages?.[0]),
    ]);
  });
}

/** Failed tests of a Playwright JSON report (suites nest), with the start of their first error. */
function playwrightFailures(file) {
  const lines = [];
  const visit = (suite, outer) => {
    // The top suites are files; the ones below them are describe blocks.
    const titles = suite.title && !/\.[cm]?[jt]sx?$/.test(suite.title) ? [...outer, suite.title] : outer;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = test.results?.[test.results.length - 1];
        lines.push(
          `    ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`,
          ...firstLines(last?.error?.message ?? last?.errors?.[0]?.message),
        );
      }
    }
    for (const child of suite.suites ?? []) visit(child, titles);
  };
  for (const suite of readJson(file)?.suites ?? []) visit(suite, []);
  return lines;
}

/** ESLint's problems from its JSON report: a count per rule, then each problem's place and rule. */
function eslintFailures(file) {
  const results = readJson(file);
  if (!results) return [];
  const problems = results.flatMap((result) =>
    result.messages.map((message) => ({
      where: `${path.relative(root, result.filePath)}:${message.line ?? 0}:${message.column ?? 0}`,
      rule: message.ruleId ?? (message.fatal ? 'parse error' : 'eslint'),
      text: firstLines(message.message, 1)[0]?.trim() ?? '',
    })),
  );
  const perRule = new Map();
  for (const problem of problems) perRule.set(problem.rule, (perRule.get(problem.rule) ?? 0) + 1);
  const ranking = [...perRule].sort((a, b) => b[1] - a[1]).map(([rule, count]) => `${rule} ${count}`);
  const shown = 40;
  return [
    `    ${problems.length} problems: ${ranking.join(', ')}`,
    ...problems.slice(0, shown).map((problem) => `    ${problem.where} ${problem.rule}: ${problem.text.slice(0, 140)}`),
    ...(problems.length > shown ? [`    … and ${problems.length - shown} more (npm run lint)`] : []),
  ];
}

/** The files `prettier --check` found unformatted, from its captured output. */
function prettierFailures(run) {
  const lines = stripVTControlCharacters(`${run.stdout ?? ''}\n${run.stderr ?? ''}`).split('\n');
  const files = lines
    .filter((line) => /^\[warn\] /.test(line) && !/Code style issues|Run Prettier/.test(line))
    .map((line) => line.slice('[warn] '.length));
  const errors = lines.filter((line) => /^\[error\] /.test(line));
  return [
    ...(files.length
      ? [
          `    ${files.length} files not formatted (npm run format):`,
          ...files.slice(0, 40).map((file) => `    ${file}`),
        ]
      : []),
    ...(files.length > 40 ? [`    … and ${files.length - 40} more`] : []),
    ...errors.slice(0, 10).map((line) => `    ${line.slice(0, 200)}`),
  ];
}

function playwrightCounts(file) {
  const stats = readJson(file)?.stats;
  return stats ? { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: stats.unexpected ?? 0 } : null;
}

const steps = [
  { name: 'chromium', cmd: 'bash', args: ['scripts/ensure-chromium.sh'] },
  {
    name: 'typecheck',
    cmd: 'node',
    args: ['node_modules/typescript-native/bin/tsc', '--noEmit', '-p', 'tsconfig.json'],
  },
  { name: 'boundaries', cmd: 'node', args: ['scripts/check-boundaries.mjs'] },
  // The console's API types are generated from the route schemas: a schema changed without
  // `npm run gen:api` fails here, before any test runs on a stale contract.
  { name: 'api types', cmd: 'npx', args: ['tsx', 'scripts/gen-api-types.ts', '--check'] },
  // --max-warnings 0: a warning fails too, so warnings cannot pile up unread.
  {
    name: 'lint',
    cmd: 'npx',
    args: [
      'eslint',
      '.',
      '--max-warnings',
      '0',
      '--format',
      'json',
      '--output-file',
      path.join(reports, 'eslint.json'),
    ],
    failures: () => eslintFailures(path.join(reports, 'eslint.json')),
  },
  { name: 'format', cmd: 'npx', args: ['prettier', '--check', '.'], capture: true, failures: prettierFailures },
  { name: 'build', cmd: 'node', args: ['build.mjs'] },
  {
    name: 'unit tests',
    cmd: 'npx',
    args: [
      'vitest',
      'run',
      '--project',
      'unit',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(reports, 'unit.json')}`,
    ],
    counts: () => vitestCounts(path.join(reports, 'unit.json')),
    failures: () => vitestFailures(path.join(reports, 'unit.json')),
  },
  {
    name: 'server tests (PGlite)',
    cmd: 'npx',
    args: [
      'vitest',
      'run',
      '--project',
      'server',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(reports, 'server.json')}`,
    ],
    counts: () => vitestCounts(path.join(reports, 'server.json')),
    failures: () => vitestFailures(path.join(reports, 'server.json')),
  },
  {
    // The same API suite on a real PostgreSQL server (Debian's postgresql, started by the setup).
    name: 'server tests (PostgreSQL)',
    cmd: 'npx',
    args: [
      'vitest',
      'run',
      '--project',
      'server-pg',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(reports, 'server-pg.json')}`,
    ],
    counts: () => vitestCounts(path.join(reports, 'server-pg.json')),
    failures: () => vitestFailures(path.join(reports, 'server-pg.json')),
  },
  ...playwrightConfigs().map((config, index) => {
    const output = path.join(reports, `playwright-${index}.json`);
    return {
      name: `e2e ${config}`,
      cmd: 'npx',
      args: ['playwright', 'test', '-c', config, '--reporter=list,json'],
      env: { ...e2eRun.env, PLAYWRIGHT_JSON_OUTPUT_FILE: output },
      counts: () => playwrightCounts(output),
      failures: () => playwrightFailures(output),
    };
  }),
];

const summary = [];
let passed = 0;
let failed = 0;
for (const step of steps) {
  console.log(`\n\u25B6 ${step.name}: ${[step.cmd, ...step.args].join(' ')}`);
  const started = Date.now();
  // A captured step's output is shown when it ends, and read for the summary.
  const run = spawnSync(step.cmd, step.args, {
    cwd: root,
    stdio: step.capture ? ['inherit', 'pipe', 'pipe'] : 'inherit',
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...env, ...step.env },
  });
  if (step.capture) {
    process.stdout.write(run.stdout ?? '');
    process.stderr.write(run.stderr ?? '');
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = run.status === 0;
  const counts = step.counts?.() ?? null;
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
    if (!ok && counts.failed === 0) failed += 1;
  } else if (ok) passed += 1;
  else failed += 1;
  summary.push(
    `${ok ? 'PASS' : 'FAIL'}  ${step.name} (${seconds}s)${counts ? `: ${counts.passed} passed, ${counts.failed} failed` : ''}`,
  );
  if (!ok) {
    // Named here, at the end, because CI shows only the tail of the output.
    summary.push(...(step.failures?.(run) ?? []).slice(0, 60));
    summary.push(`stopped after '${step.name}' failed (exit ${run.status ?? run.signal})`);
    break;
  }
}

rmSync(reports, { recursive: true, force: true });
e2eRun.remove();
console.log(`\n${'='.repeat(60)}\n${summary.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
