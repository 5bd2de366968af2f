import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/** Repository root (the API's processes run from there, as `npm start` does). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ApiProcess {
  child: ChildProcess;
  /** Everything written so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or the signal's name) once the process ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once stdout or stderr contains `text` (rejects after `timeoutMs` or when the process ends first). */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
}

/**
 * Runs `server/main.ts` (or another entry) as `npm start` does, in a real Node process: what a
 * signal, a hang or a second process does can only be seen across processes.
 */
export function spawnApi(env: Record<string, string>, entry = 'server/main.ts'): ApiProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      DEV_IDP: 'off',
      STATIC_DIR: '/nonexistent-static-dir',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const listeners = new Set<() => void>();
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    for (const l of listeners) l();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    err += chunk.toString();
    for (const l of listeners) l();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  let ended = false;
  void exited.then(() => {
    ended = true;
    for (const l of listeners) l();
  });
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitFor(text, timeoutMs = 60_000) {
      const seen = () =>
        typeof text === 'string' ? out.includes(text) || err.includes(text) : text.test(out) || text.test(err);
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (seen()) finish(null);
          else if (ended)
            finish(
              new Error(`process ended before "${text}"; stdout: ${out.slice(-2000)} stderr: ${err.slice(-2000)}`),
            );
        };
        const timer = setTimeout(
          () =>
            finish(
              new Error(`no "${text}" within ${timeoutMs} ms; stdout: ${out.slice(-2000)} stderr: ${err.slice(-2000)}`),
            ),
          timeoutMs,
        );
        const finish = (error: Error | null) => {
          clearTimeout(timer);
          listeners.delete(check);
          if (error) reject(error);
          else resolve();
        };
        listeners.add(check);
        check();
      });
    },
  };
}

/** A port free right now on loopback (the API is given it explicitly, so a restart reuses it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
