import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../test/testApp';
import { clientErrorHandler, NOT_FOUND_MESSAGE } from './errorHandler';

type Headers = Record<string, string | string[] | number | undefined>;

/** Every answer: the one error shape, the security headers, not cached, nothing of the request echoed. */
function expectErrorAnswer(status: number, headers: Headers, body: string, echo: readonly string[] = []) {
  expect(JSON.parse(body)).toEqual({ statusCode: status, error: expect.any(String), message: expect.any(String) });
  expect(Object.keys(JSON.parse(body)).sort()).toEqual(['error', 'message', 'statusCode']);
  expect(String(headers['content-type'])).toContain('application/json');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(String(headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  expect(headers['cache-control']).toBe('no-store');
  for (const piece of echo) expect(body).not.toContain(piece);
}

describe('every error answer goes through the error handler', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a bad percent-escape in the path: 400, not Fastify’s own answer', async () => {
    const res = await t.app.inject({ url: '/um/invite/%ZZsecret-part' });
    expect(res.statusCode).toBe(400);
    expectErrorAnswer(400, res.headers, res.body, ['%ZZ', 'secret-part', 'code']);
    expect(res.json().message).toBe('The address is not valid (bad percent-encoding).');
  });

  it('a path parameter over 100 characters: 414 with a message saying so', async () => {
    const long = 'q'.repeat(101);
    const res = await t.app.inject({ url: `/um/invite/${long}` });
    expect(res.statusCode).toBe(414);
    expectErrorAnswer(414, res.headers, res.body, [long]);
    expect(res.json()).toMatchObject({
      error: 'URI Too Long',
      message: 'A part of the address is too long (at most 100 characters).',
    });
  });

  it('404 for API and non-API paths alike, without the path', async () => {
    for (const [method, url] of [
      ['GET', '/um/no-such-route-xyz'],
      ['POST', '/elsewhere-xyz'],
      ['DELETE', '/openapi.json'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expectErrorAnswer(404, res.headers, res.body, ['xyz']);
      expect(res.json().message).toBe(NOT_FOUND_MESSAGE);
    }
  });

  it('body-parser errors: invalid JSON, empty JSON, unknown media type, wrong length', async () => {
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/um/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"echo-me',
    });
    expect(invalid.statusCode).toBe(400);
    expectErrorAnswer(400, invalid.headers, invalid.body, ['echo-me']);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/um/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expectErrorAnswer(400, empty.headers, empty.body);
    const media = await t.app.inject({
      method: 'POST',
      url: '/um/login',
      headers: { 'content-type': 'application/x-echo-me' },
      payload: 'x',
    });
    expect(media.statusCode).toBe(415);
    expectErrorAnswer(415, media.headers, media.body, ['echo-me']);
  });

  it('an oversized body: 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/um/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'y'.repeat(1_100_000), password: 'x' }),
    });
    expect(res.statusCode).toBe(413);
    expectErrorAnswer(413, res.headers, res.body, ['yyyy']);
    expect(res.json().message).toBe('The request body is too large.');
  });

  it('validation errors name the field, not its value', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/um/login',
      payload: { username: 'echo-me', password: 'x', extra: 'echo-me-too' },
    });
    expect(res.statusCode).toBe(400);
    expectErrorAnswer(400, res.headers, res.body, ['echo-me']);
  });
});

describe('socket-level errors (before there is a request)', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  function raw(request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
      let data = '';
      socket.on('data', (d) => (data += d.toString()));
      socket.on('error', reject);
      socket.on('close', () => resolve(data));
    });
  }

  function parse(answer: string): { status: number; headers: Headers; body: string } {
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    const [statusLine = '', ...lines] = head.split('\r\n');
    const headers: Headers = {};
    for (const line of lines) {
      const i = line.indexOf(':');
      headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
    }
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }

  it('unparsable HTTP: 400 in the error shape with the security headers', async () => {
    const answer = parse(await raw('GET /echo-me HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n'));
    expect(answer.status).toBe(400);
    expectErrorAnswer(400, answer.headers, answer.body, ['echo-me']);
  });

  it('headers over the limit: 431', async () => {
    const answer = parse(await raw(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'z'.repeat(2.5 * 1024 * 1024)}\r\n\r\n`));
    expect(answer.status).toBe(431);
    expectErrorAnswer(431, answer.headers, answer.body, ['zzzz']);
  });

  it('a request timeout: 408 (the handler as Node calls it)', () => {
    const written: string[] = [];
    const socket = Object.assign(new EventEmitter(), {
      destroyed: false,
      writable: true,
      write: (s: string) => written.push(s),
      destroy: () => undefined,
    }) as unknown as Socket;
    const error = Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    clientErrorHandler(t.config).call(t.app as FastifyInstance, error, socket);
    const answer = parse(written.join(''));
    expect(answer.status).toBe(408);
    expectErrorAnswer(408, answer.headers, answer.body);
  });
});
