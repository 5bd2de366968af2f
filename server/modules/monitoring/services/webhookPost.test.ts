import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { postWebhook } from './webhookPost';

/** The HTTP side of a webhook send, against a receiver on loopback (the checked address is given). */
describe('postWebhook', () => {
  let server: Server;
  let port: number;
  const paths: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      paths.push(req.url ?? '');
      req.resume();
      if (req.url === '/redirect') {
        res.writeHead(302, { location: `http://127.0.0.1:${port}/elsewhere` }).end();
      } else if (req.url === '/big') {
        res.writeHead(500);
        res.end('x'.repeat(1_000_000));
      } else if (req.url === '/silent') {
        // Never answers: the sender's timer ends it.
      } else {
        res.writeHead(204).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  // The URL names a host that does not resolve: the connection still reaches the pinned address.
  const target = (path: string) => ({
    url: new URL(`http://receiver.invalid:${port}${path}`),
    host: `receiver.invalid:${port}`,
    address: '127.0.0.1',
    family: 4 as const,
  });

  it('connects to the checked address, not to what the name would resolve to', async () => {
    expect(await postWebhook(target('/ok'), {}, '{}')).toEqual({ status: 204, error: null });
  });

  it('follows no redirect', async () => {
    paths.length = 0;
    expect(await postWebhook(target('/redirect'), {}, '{}')).toEqual({
      status: 302,
      error: 'HTTP 302: redirects are not followed.',
    });
    expect(paths).toEqual(['/redirect']);
  });

  it('reads a failing answer only up to the cap and quotes its start', async () => {
    const answer = await postWebhook(target('/big'), {}, '{}');
    expect(answer.status).toBe(500);
    expect(answer.error).toBe(`HTTP 500: ${'x'.repeat(200)}`);
  });

  it('gives up on a receiver that never answers', async () => {
    // A short timer so the test does not wait the real 5 s; the outcome, not the time, is checked.
    expect(await postWebhook(target('/silent'), {}, '{}', 50)).toEqual({
      status: null,
      error: 'No answer within 0.05 s.',
    });
  });
});
