import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import { postgresCpuMicros } from './postgresCpu';

// A stand-in for a PostgreSQL cluster: a "server" process whose pid is in postmaster.pid, with
// one child that has exited (its CPU is in the server's cutime once reaped) and one that is still
// running. Each burns a fixed amount of CPU time (measured by itself, so the figures do not
// depend on how busy the machine is), then reports and waits.
const BURN = `
const burn = (ms) => { const start = process.cpuUsage(); while ((process.cpuUsage(start).user + process.cpuUsage(start).system) < ms * 1000); };
`;
const SERVER = `${BURN}
const { spawn } = require('node:child_process');
const child = (stay) => spawn(process.execPath, ['-e', ${JSON.stringify(`${BURN} burn(600); if (process.argv[1] === 'stay') { console.log('ready'); setInterval(() => {}, 1000); }`)}, stay ? 'stay' : 'exit'], { stdio: ['ignore', 'pipe', 'inherit'] });
burn(100);
const exited = child(false);
exited.on('exit', () => {
  const live = child(true);
  live.stdout.once('data', () => console.log('ready ' + live.pid));
});
setInterval(() => {}, 1000);
`;

let server: ChildProcess | null = null;
let dir: string | null = null;
afterEach(() => {
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      server.kill('SIGKILL');
    }
  }
  server = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

describe('postgresCpuMicros', () => {
  it("adds the server's own CPU, its live children's and its exited children's", async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pgcpu-'));
    server = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
    await new Promise<void>((resolve, reject) => {
      server!.stdout!.once('data', (chunk: Buffer) =>
        String(chunk).startsWith('ready') ? resolve() : reject(new Error(String(chunk))),
      );
      server!.once('exit', (code) => reject(new Error(`the stand-in server exited with ${code}`)));
    });
    writeFileSync(path.join(dir, 'postmaster.pid'), `${server.pid}\n${dir}\n`);
    const micros = postgresCpuMicros(dir);
    // 100 ms (server) + 600 ms (exited child) + 600 ms (live child) of burning, each process's
    // start-up on top; ticks are 10 ms, so allow two ticks of rounding per process. Leaving out
    // either child (cutime, or the live one) would give at most ~700 ms plus two start-ups.
    expect(micros).toBeGreaterThanOrEqual(1_300_000 - 60_000);
    // A second read is never lower: CPU time only grows.
    expect(postgresCpuMicros(dir)).toBeGreaterThanOrEqual(micros);
  });

  it('names the missing file when the folder holds no running cluster', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pgcpu-'));
    expect(() => postgresCpuMicros(dir!)).toThrow(/postmaster\.pid/);
  });
});
