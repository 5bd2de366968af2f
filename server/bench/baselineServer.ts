/**
 * The bench's reference points, in their own process like the API (benchServer.ts): a bare
 * Fastify doing only the unavoidable work of each call, so the API's rate can be read as a
 * share of it.
 *  - GET /baseline/refresh: verify the EdDSA access token (same token service, same key kind)
 *    and sign a new one carrying the same claims (every permission, like the bench user); no
 *    database.
 *  - POST /baseline/login: one argon2id verification (same parameters) of the posted password.
 * Reports { url, token, password } to the parent over IPC; exits on SIGTERM.
 */
import Fastify from 'fastify';

import type { AccessClaims } from '../contracts';
import { bearerToken } from '../plugins/authenticate';
import { generateSigningKeyPem, signingKeyFromPem } from '../plugins/keys';
import { createTokenService } from '../plugins/tokens';
import { hashPassword, verifyPassword } from '../services/passwords';
import { signAccessToken } from '../services/sessions';
import { ALL_PERMISSIONS } from '../services/users';
import { answerCpuRequests } from './ratioBench';

const PASSWORD = 'Baseline-Passw0rd!';

async function start(): Promise<void> {
  const tokens = await createTokenService(signingKeyFromPem(generateSigningKeyPem()), 'http://127.0.0.1');
  const passwordHash = await hashPassword(PASSWORD);
  const sessionExpiresAt = new Date(Date.now() + 12 * 3600 * 1000);
  const app = Fastify({ logger: false });
  app.get('/baseline/refresh', async (request) => {
    const claims = await tokens.verify<AccessClaims>(bearerToken(request), 'access');
    const token = await signAccessToken(tokens, {
      userId: claims.sub,
      tenantId: claims.tenant,
      sessionId: claims.sid,
      perms: claims.perms,
      sessionExpiresAt,
    });
    return { token, user: { username: 'baseline', email: 'baseline', totpEnabled: false }, mfaRequired: false };
  });
  app.post<{ Body: { password: string } }>('/baseline/login', async (request, reply) => {
    const ok = await verifyPassword(passwordHash, request.body.password);
    return ok ? { ok } : reply.code(401).send({ ok });
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = await signAccessToken(tokens, {
    userId: '00000000-0000-4000-8000-000000000001',
    tenantId: '00000000-0000-4000-8000-000000000002',
    sessionId: '00000000-0000-4000-8000-000000000003',
    // The bench's API user holds every permission: the reference signs a token of the same size.
    perms: [...ALL_PERMISSIONS],
    sessionExpiresAt,
  });
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('disconnect', () => void stop());
  answerCpuRequests();
  process.send?.({ url, token, password: PASSWORD });
}

start().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
