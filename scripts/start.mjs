// `npm start`: builds the console into dist/ without its size table, then runs the API, so the
// API's banner (address, sign-in, mailbox) is the first thing on screen.
// `npm start -- --verbose` prints the bundle size table first, as `npm run build` does.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildConsole, parseArgs } from '../build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `--verbose` shows the build's size table; nothing else is accepted (a typo should not pass silently). */
export function startOptions(argv) {
  const unknown = argv.filter((arg) => arg !== '--verbose');
  if (unknown.length) throw new Error(`unknown option ${unknown.join(' ')} (npm start accepts --verbose)`);
  return { verbose: argv.includes('--verbose') };
}

async function start() {
  const { verbose } = startOptions(process.argv.slice(2));
  await buildConsole({ ...parseArgs([]), quiet: !verbose });
  const api = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, stdio: 'inherit' });
  // Ctrl-C reaches the API through the terminal's process group; a SIGTERM sent to this process
  // is passed on. Either way this process ends when the API has shut down, with its exit code.
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => api.kill('SIGTERM'));
  api.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  start().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
