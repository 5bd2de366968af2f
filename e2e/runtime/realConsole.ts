import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { freePort } from '../../server/ops/processHarness';

// The real API serving a real build, for the specs that need the whole console (first wave,
// runtime plugins): started once per spec file, on loopback, with its own data folder.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The console build the specs serve: `npm test`'s (CONSOLE_BUILD_DIR), else one of its own. */
export interface ConsoleBuild {
  outdir: string;
  /** Removes the build when the spec made it. */
  remove(): void;
}

export async function consoleBuild(prefix: string): Promise<ConsoleBuild> {
  const reuse = process.env.CONSOLE_BUILD_DIR;
  if (reuse && existsSync(path.join(reuse, 'route-modules.json'))) return { outdir: reuse, remove: () => undefined };
  const outdir = mkdtempSync(path.join(tmpdir(), prefix));
  // @ts-expect-error plain ESM build script without type declarations
  const { buildConsole } = await import('../../build.mjs');
  await buildConsole({ entry: 'host/main.tsx', outdir, pluginsDir: 'plugins', quiet: true, title: 'Console' });
  return { outdir, remove: () => rmSync(outdir, { recursive: true, force: true }) };
}

export interface RealConsoleOptions {
  dataDir: string;
  staticDir: string;
  admin: { email: string; password: string };
  /** More of the API's environment (e.g. GLUON_STORAGE_DIR). */
  env?: Record<string, string>;
}

export interface RealConsole {
  origin: string;
  /** `npm run admin -- …` against this API's data folder (the running API takes the command). */
  admin(args: string[]): Promise<string>;
  stop(): Promise<void>;
}

/** Starts server/main.ts and resolves once it says where it listens. */
export async function startRealConsole(options: RealConsoleOptions): Promise<RealConsole> {
  const port = await freePort();
  const api: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      STATIC_DIR: options.staticDir,
      DEV_IDP: 'off',
      ADMIN_EMAIL: options.admin.email,
      ADMIN_PASSWORD: options.admin.password,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    api.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Console and API:')) resolve();
    });
    api.on('exit', (code) => reject(new Error(`the API exited with ${code}`)));
  });
  api.stdout!.resume();
  return {
    origin: `http://127.0.0.1:${port}`,
    admin: (args) =>
      new Promise((resolve, reject) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', 'server/cli/admin.ts', ...args],
          { cwd: root, env: { ...process.env, DATA_DIR: options.dataDir, NODE_ENV: 'development' }, timeout: 120_000 },
          (error, stdout, stderr) =>
            error ? reject(new Error(`admin ${args.join(' ')}: ${stderr}${stdout}`)) : resolve(stdout),
        );
      }),
    async stop() {
      if (api.exitCode !== null) return;
      const exited = new Promise((resolve) => api.on('exit', resolve));
      api.kill('SIGTERM');
      await exited;
    },
  };
}
