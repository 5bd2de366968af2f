#!/usr/bin/env node
// npm run bench:web — how fast the console's first screens become usable in a browser.
//
// Builds the console (skip with --no-build), starts the API on a free port with a fresh data
// folder, signs in through the API, then loads each page in Debian's Chromium (Playwright,
// never a downloaded browser): one warm-up load, then 5 loads each in a fresh context (empty
// cache) of the same warm browser, and one repeat visit in the last context (warm cache).
// Per page it prints medians of: first contentful paint, the time the page's first input or
// main content is visible, the time the live page has it (a prerendered copy in the document,
// /login's, is visible before any script ran; the live page replaces it), the number of script
// request waves before the live page, the layout shift (CLS) up to the live page, the script bytes on
// the wire (brotli, as served), the stylesheet and document bytes and, for the repeat visit, its time and the scripts fetched again.
//
//   node scripts/bench-web.mjs [--no-build] [--runs 5] [--json file]
//
// Figures, not pass/fail: a busy machine measures slower (docs/performance.md).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

import { announcedScripts, liveSelector, scriptWaves, watchReady } from './lib/requestWaves.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN = { email: 'bench-admin@example.com', password: 'Bench-Passw0rd!' };
const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * What counts as "usable" per page: the sign-in form's password field; elsewhere the first
 * input, heading, table, callout or empty state inside the page frame (public pages with an
 * unknown link show their "not valid" state, which is what a visitor sees first there).
 */
const PAGES = [
  { name: '/login', url: '/login', ready: '#login-password' },
  { name: '/gluon (signed in)', url: '/gluon', signedIn: true },
  { name: '/invite/:id', url: '/invite/0b6c2a59-bench-unknown-invitation' },
  { name: '/resetPassword/:id', url: '/resetPassword/bench-unknown-reset-link' },
  { name: '/unsubscribe', url: '/unsubscribe?jwt=bench.unknown.token' },
  { name: '/collector/:id', url: '/collector/bench-unknown-collector-link' },
];
const MAIN_CONTENT =
  'main input, main h1, main h2, main h3, main h4, main table, main .bp6-callout, main .bp6-non-ideal-state';

function parseArgs(argv) {
  const options = { build: true, runs: 5, json: null };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--no-build') options.build = false;
    else if (argv[i] === '--runs') options.runs = Number(argv[++i]);
    else if (argv[i] === '--json') options.json = argv[++i];
    else throw new Error(`unknown option ${argv[i]}`);
  }
  if (!Number.isInteger(options.runs) || options.runs < 1) throw new Error('--runs needs a positive integer');
  return options;
}

function run(cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** `npm start` without its build: server/main.ts on a fresh data folder, the development IdP off. */
async function startApi() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-web-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEV_IDP: 'off',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  await new Promise((resolve, reject) => {
    // The API's own start-up limit (STARTUP_TIMEOUT_S, 90 s by default) plus its exit: a loaded machine migrates slowly.
    const limit = (Number(process.env.STARTUP_TIMEOUT_S) || 90) + 30;
    const timer = setTimeout(() => reject(new Error(`the API did not start within ${limit} s`)), limit * 1000);
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('Console and API:')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`the API exited with ${code} before it answered`)));
  });
  child.stdout.resume();
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.on('exit', resolve) : resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { origin, stop };
}

async function signIn(origin) {
  const response = await fetch(`${origin}/um/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  if (!response.ok) throw new Error(`sign-in for the benchmark failed: ${response.status} ${await response.text()}`);
  const { token, user } = await response.json();
  return { token, profile: { username: user.username, email: user.email, totpEnabled: user.totpEnabled } };
}

async function measure(page, url) {
  const document = await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__benchReady !== undefined && window.__benchLive !== undefined, null, {
    // A loaded machine (other jobs) takes its time; the figures say how long it took.
    timeout: 120_000,
    polling: 50,
  });
  // Full URLs, as resource timing names them: what the document itself asked for.
  const origin = new URL(document.url()).origin;
  const announced = new Set(
    [...announcedScripts(await document.text(), origin)].map((pathname) => `${origin}${pathname}`),
  );
  // Two frames after the live page: a shift its first render causes has been reported by then.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const timing = await page.evaluate(async () => ({
    ready: window.__benchReady,
    // Shifts without recent input, as CLS counts them, up to now (buffered: from the start).
    layoutShift: await new Promise((resolve) => {
      new PerformanceObserver((list, observer) => {
        observer.disconnect();
        resolve(list.getEntries().reduce((sum, entry) => sum + (entry.hadRecentInput ? 0 : entry.value), 0));
      }).observe({ type: 'layout-shift', buffered: true });
      // No entry at all: nothing moved.
      setTimeout(() => resolve(0), 100);
    }),
    css: performance
      .getEntriesByType('resource')
      .filter((entry) => /\.css(\?|$)/.test(entry.name))
      .reduce((sum, entry) => sum + entry.encodedBodySize, 0),
    html: performance.getEntriesByType('navigation')[0]?.encodedBodySize ?? 0,
    live: window.__benchLive,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => /\.js(\?|$)/.test(entry.name))
      .map((entry) => ({
        name: entry.name,
        startTime: entry.startTime,
        responseEnd: entry.responseEnd,
        transferSize: entry.transferSize,
        encodedBodySize: entry.encodedBodySize,
      })),
  }));
  // Scripts and waves up to the live page: a prerendered copy is visible before any script ran.
  const before = timing.scripts.filter((entry) => entry.startTime <= timing.live);
  return {
    fcp: timing.fcp,
    layoutShift: timing.layoutShift,
    cssBytes: timing.css,
    htmlBytes: timing.html,
    ready: timing.ready,
    live: timing.live,
    gap: timing.fcp === null ? null : timing.ready - timing.fcp,
    waves: scriptWaves(timing.scripts, timing.live, announced),
    scripts: before.length,
    jsBytes: before.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
    refetched: before.filter((entry) => entry.transferSize > 0).length,
  };
}

async function benchPage(browser, origin, session, spec, runs) {
  const selector = spec.ready ?? MAIN_CONTENT;
  const newContext = async () => {
    const context = await browser.newContext({ baseURL: origin });
    if (spec.signedIn) {
      // Where the console keeps its session: localStorage, and the access cookie (core/storage).
      await context.addCookies([
        { name: 'access_token', value: encodeURIComponent(session.token), url: origin, sameSite: 'Lax' },
      ]);
      await context.addInitScript(({ token, profile }) => {
        localStorage.setItem('zo-token', token);
        localStorage.setItem('zo-profile', JSON.stringify(profile));
      }, session);
    }
    await context.addInitScript(watchReady, selector);
    await context.addInitScript(watchReady, { selector: liveSelector(selector), key: '__benchLive' });
    return context;
  };
  const loads = [];
  let repeat = null;
  // The first load warms the server and the browser's process; it is not counted.
  for (let i = 0; i <= runs; i++) {
    const context = await newContext();
    const page = await context.newPage();
    const result = await measure(page, spec.url);
    if (i > 0) loads.push(result);
    if (i === runs) repeat = await measure(page, spec.url);
    await context.close();
  }
  const median = (key) => {
    const values = loads
      .map((load) => load[key])
      .filter((value) => value !== null)
      .sort((a, b) => a - b);
    return values.length ? values[Math.floor((values.length - 1) / 2)] : null;
  };
  return {
    page: spec.name,
    fcp: median('fcp'),
    ready: median('ready'),
    live: median('live'),
    // The median of each load's own gap (not the difference of the two medians).
    gap: median('gap'),
    waves: median('waves'),
    scripts: median('scripts'),
    jsKiB: median('jsBytes') / 1024,
    cssKiB: median('cssBytes') / 1024,
    htmlKiB: median('htmlBytes') / 1024,
    layoutShift: median('layoutShift'),
    repeatReady: repeat.ready,
    repeatRefetched: repeat.refetched,
  };
}

function table(rows) {
  const ms = (value) => (value === null ? '—' : `${Math.round(value)} ms`);
  const lines = [
    '| page | FCP | usable (input / main content) | usable − FCP | live page (its code ran) | layout shift | script waves before | scripts | JS on the wire (brotli) | CSS | HTML | repeat visit: usable | repeat: scripts fetched again |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.page} | ${ms(row.fcp)} | ${ms(row.ready)} | ${ms(row.gap)} | ${ms(row.live)} | ${row.layoutShift === null ? '—' : row.layoutShift.toFixed(3)} | ${row.waves} | ${row.scripts} | ${row.jsKiB.toFixed(1)} KiB | ${row.cssKiB.toFixed(1)} KiB | ${row.htmlKiB.toFixed(1)} KiB | ${ms(row.repeatReady)} | ${row.repeatRefetched} |`,
    );
  }
  return lines.join('\n');
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (options.build) await run(process.execPath, ['build.mjs', '--quiet']);
  const api = await startApi();
  let browser;
  try {
    const session = await signIn(api.origin);
    browser = await chromium.launch(CHROMIUM);
    const rows = [];
    for (const spec of PAGES) rows.push(await benchPage(browser, api.origin, session, spec, options.runs));
    console.log(
      `\nMedian of ${options.runs} fresh contexts in a warm Chromium, API on loopback (${api.origin}); repeat visit = same context, warm cache.\n`,
    );
    console.log(table(rows));
    if (options.json) writeFileSync(options.json, `${JSON.stringify(rows, null, 2)}\n`);
  } finally {
    await browser?.close();
    await api.stop();
  }
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
