import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../app';
import { loadConfig } from '../config';
import { generateSigningKeyPem } from '../plugins/keys';
import { hashPassword } from '../services/passwords';
import { ALL_PERMISSIONS } from '../services/users';
import { createTestPostgresUrl } from '../test/testApp';
import { checkDeploymentIdentity, DeploymentIdentityError } from './deploymentIdentity';

const PUBLIC_URL = 'https://console.example';
const PASSWORD = 'Two-Instances-Pass-1';
const IP_FAILURE_LIMIT = 3;

/**
 * Two API instances on one PostgreSQL database, each with its own connection
 * pool (as two processes have), sharing only what a deployment shares: the database, the
 * signing key file and PUBLIC_URL. PostgreSQL only (server-pg project): PGlite has one process.
 */
describe('two API instances on one PostgreSQL database', () => {
  let url: string;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let email: string;
  const signingKeyPem = generateSigningKeyPem();
  const envFor = (extra: Record<string, string> = {}) => ({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    PUBLIC_URL,
    DEV_IDP: 'off',
    STATIC_DIR: '/nonexistent-static-dir',
    DATA_DIR: path.join(os.tmpdir(), `mtd-two-${process.pid}`),
    IP_FAILURE_LIMIT: String(IP_FAILURE_LIMIT),
    ...extra,
  });
  /** One instance as main.ts starts it: its own pool, then the deployment identity check. */
  async function instance(extra: Record<string, string> = {}, keyPem = signingKeyPem): Promise<FastifyInstance> {
    const config = loadConfig(envFor(extra));
    const app = await buildApp(config, { signingKeyPem: keyPem, logger: false });
    try {
      const signingKeyId = String(((await app.tokens.jwks()).keys[0] as { kid?: string }).kid);
      await checkDeploymentIdentity(app.db, { tokenIssuer: config.tokenIssuer, signingKeyId });
    } catch (error) {
      await app.close();
      throw error;
    }
    await app.ready();
    return app;
  }

  beforeAll(async () => {
    url = await createTestPostgresUrl('two');
    [a, b] = [await instance(), await instance()];
    email = `two-${randomUUID().slice(0, 8)}@instances.example`;
    const [tenant] = await a.db.query<{ id: string }>(
      "INSERT INTO tenants (name) VALUES ('Two instances') RETURNING id",
    );
    await a.db.query('INSERT INTO users (tenant_id, email, password_hash, permissions) VALUES ($1, $2, $3, $4)', [
      tenant!.id,
      email,
      await hashPassword(PASSWORD),
      [...ALL_PERMISSIONS],
    ]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  const login = (app: FastifyInstance, username: string, password: string) =>
    app.inject({ method: 'POST', url: '/um/login', payload: { username, password } });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('signed in on A, refreshed on B; logged out on A, refused on B', async () => {
    const signedIn = await login(a, email, PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const token = signedIn.json().token as string;
    const refreshed = await b.inject({ url: '/um/refresh', headers: bearer(token) });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const next = refreshed.json().token as string;
    expect((await a.inject({ url: '/um/refresh', headers: bearer(next) })).statusCode).toBe(200);

    expect((await a.inject({ url: '/um/logout', headers: bearer(next) })).statusCode).toBe(200);
    for (const t of [token, next]) {
      const refused = await b.inject({ url: '/um/refresh', headers: bearer(t) });
      expect(refused.statusCode).toBe(401);
    }
  });

  it('an instance with another issuer or another signing key does not start', async () => {
    await expect(instance({ PUBLIC_URL: 'http://127.0.0.1:8090' })).rejects.toThrow(DeploymentIdentityError);
    await expect(instance({}, generateSigningKeyPem())).rejects.toThrow(/same SIGNING_KEY_FILE/);
    // The two that agree still serve each other's tokens.
    const token = (await login(b, email, PASSWORD)).json().token as string;
    expect((await a.inject({ url: '/um/refresh', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('the per-IP failure budget spent on A is spent on B', async () => {
    for (let i = 0; i < IP_FAILURE_LIMIT; i++) {
      const failed = await login(a, `nobody-${i}-${randomUUID().slice(0, 6)}@instances.example`, 'Wrong-Pass-1');
      expect(failed.statusCode).toBe(401);
    }
    const blocked = await login(b, email, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});
