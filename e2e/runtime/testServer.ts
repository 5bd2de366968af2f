import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

export interface TestServer {
  origin: string;
  /** The token `/um/refresh` answers with; tests change it to grant or revoke modules. */
  setRefreshToken(token: string): void;
  refreshCalls(): number;
  close(): Promise<void>;
}

/** Serves a built console (with the SPA fallback) and a minimal `/um/refresh` and `/um/logout`. */
export async function startTestServer(dir: string): Promise<TestServer> {
  let refreshToken = '';
  let refreshes = 0;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/um/refresh') {
      refreshes++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          token: refreshToken,
          user: { username: 'ada', email: 'ada@example.com', totpEnabled: false },
        }),
      );
      return;
    }
    if (url.pathname === '/um/logout') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
      return;
    }
    const file = path.join(dir, path.normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, ''));
    const target =
      file.startsWith(dir) && existsSync(file) && statSync(file).isFile() ? file : path.join(dir, 'index.html');
    res.writeHead(200, {
      'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    createReadStream(target).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    setRefreshToken: (token) => (refreshToken = token),
    refreshCalls: () => refreshes,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Unsigned JWT: the console only decodes tokens, the API verifies them. */
export function unsignedToken(perms: string[], iss: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: 'u1', tenant: 'acme', sid: 's1', typ: 'access', iss, iat: now, exp: now + 24 * 3600, perms })}.`;
}
