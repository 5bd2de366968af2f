#!/usr/bin/env node
// Runs a command with N busy processes beside it, so a suite can be tried on a loaded machine:
//   node scripts/with-load.mjs --busy 6 -- npx playwright test -c e2e/shell/playwright.config.ts
// Each busy process spins a core (a `node -e` loop at normal priority: it competes with the tests
// as other jobs on a shared machine do). They are killed when the command ends or this script is
// interrupted. The 1-minute load average is printed every 10 s and at
// the end (other jobs on the machine load it too: the load is what counts, not N), and the exit
// code is the command's.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';

const args = process.argv.slice(2);
const dash = args.indexOf('--');
const options = dash < 0 ? [] : args.slice(0, dash);
const command = dash < 0 ? args : args.slice(dash + 1);
const busyAt = options.indexOf('--busy');
const busy = busyAt < 0 ? 6 : Number(options[busyAt + 1]);
if (!command.length || !Number.isInteger(busy) || busy < 0) {
  console.error('usage: node scripts/with-load.mjs [--busy N] -- <command> [args…]   (N busy processes, 6 by default)');
  process.exit(2);
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const hogs = Array.from({ length: busy }, () =>
  spawn(process.execPath, ['-e', 'for (;;) Math.sqrt(Math.random());'], { stdio: 'ignore' }),
);
const started = Date.now();
console.error(`[with-load] ${busy} busy processes; load average ${load()}`);
const samples = [];
const sampler = setInterval(() => {
  samples.push(loadavg()[0]);
  console.error(`[with-load] ${((Date.now() - started) / 1000).toFixed(0)} s, load average ${load()}`);
}, 10_000);

function stopHogs() {
  clearInterval(sampler);
  for (const hog of hogs) hog.kill('SIGKILL');
}

const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    child.kill(signal);
    stopHogs();
  });
}
child.on('exit', (code, signal) => {
  stopHogs();
  const mean = samples.length ? (samples.reduce((a, b) => a + b, 0) / samples.length).toFixed(1) : 'n/a';
  console.error(
    `[with-load] done in ${((Date.now() - started) / 1000).toFixed(1)} s; mean 1-minute load ${mean}; load average now ${load()}`,
  );
  process.exit(code ?? (signal ? 1 : 0));
});
