import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { spawnApi } from './processHarness';

/**
 * A start that cannot finish stops with a message naming its step. The hang is
 * real: the database address is a server that accepts connections and never answers, so the
 * start waits in its database step until the watchdog ends it.
 */
describe('start-up watchdog', () => {
  let silent: net.Server;
  let port: number;
  const sockets = new Set<net.Socket>();
  beforeAll(async () => {
    silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    port = (silent.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('stops a start stuck in a step after STARTUP_TIMEOUT_S and names the step', async () => {
    const started = Date.now();
    const api = spawnApi({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/never`,
      PUBLIC_URL: 'http://127.0.0.1:1',
      PORT: '0',
      STARTUP_TIMEOUT_S: '3',
      DATA_DIR: path.join(os.tmpdir(), `mtd-watchdog-${process.pid}`),
    });
    const { code, signal } = await api.exited;
    expect(signal ?? code).toBe('SIGKILL');
    expect(api.stderr()).toMatch(
      /The start did not finish within 3 s: it is stuck in the step "PostgreSQL: connect and migrate"/,
    );
    expect(api.stdout()).not.toContain('Console and API');
    // Bounded: the limit plus the process's own start, not an endless wait.
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
