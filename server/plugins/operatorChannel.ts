import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';

import { CliError } from '../cli/cliArgs';
import { type CliContext, runCommand } from '../cli/commands';
import { HttpError } from '../contracts';
import type { DataDirLock } from '../db/dataDirLock';
import { errors } from '../schemas';
import { randomToken, safeEqual } from '../services/secrets';
import { installErrorHandler } from './errorHandler';

/**
 * The operator channel: while the API holds a PGlite folder no other process may open it, so
 * `npm run admin` asks the API to run the command instead. The API listens on 127.0.0.1 (port
 * chosen by the system) and writes the address and a fresh 256-bit secret into the folder's
 * lock file (mode 0600: only the account that may open the folder can read it). The command
 * runs in the API process with the API's database, signing key, mailer and configuration, so
 * its output is exactly what the CLI prints when it opens the folder itself.
 */
export const OPERATOR_RUN_PATH = '/operator/run';
export const OPERATOR_SECRET_REFUSED = 'The operator secret was refused (is the lock file from another start?)';
const MAX_ARGS = 100;

export interface OperatorRunAnswer {
  output: string;
}

/** A separate Fastify instance on loopback with one route; never part of the public API. */
export function buildOperatorServer(ctx: CliContext, secret: string, log: FastifyBaseLogger): FastifyInstance {
  const server = Fastify({ logger: false, bodyLimit: 256 * 1024 });
  installErrorHandler(server);
  server.post<{ Body: { argv: string[] } }>(
    OPERATOR_RUN_PATH,
    {
      schema: {
        headers: {
          type: 'object',
          required: ['authorization'],
          properties: { authorization: { type: 'string', maxLength: 200 } },
        },
        body: {
          type: 'object',
          required: ['argv'],
          additionalProperties: false,
          properties: {
            argv: { type: 'array', minItems: 1, maxItems: MAX_ARGS, items: { type: 'string', maxLength: 10_000 } },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['output'],
            additionalProperties: false,
            properties: { output: { type: 'string' } },
          },
          ...errors(400, 401),
        },
      },
    },
    async (request): Promise<OperatorRunAnswer> => {
      const given = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!safeEqual(given, secret)) throw new HttpError(401, OPERATOR_SECRET_REFUSED);
      try {
        return { output: await runCommand(ctx, request.body.argv) };
      } catch (error) {
        // The operator's mistakes (and a service's 4xx) are printed by the CLI, exit code 2.
        if (error instanceof CliError || (error instanceof HttpError && error.statusCode < 500))
          throw new HttpError(400, error.message);
        log.error({ err: error, command: request.body.argv[0] }, 'operator command failed');
        throw error;
      }
    },
  );
  return server;
}

/**
 * Serves the operator channel while `app` is ready and advertises it in `lock`; stops before the
 * database closes. Installed by buildApp when the API opened a PGlite folder itself.
 */
export function installOperatorChannel(app: FastifyInstance, lock: DataDirLock): void {
  let server: FastifyInstance | null = null;
  app.addHook('onReady', async () => {
    const secret = randomToken(32);
    server = buildOperatorServer(
      { db: app.db, config: app.config, tokens: app.tokens, mailer: app.mailer },
      secret,
      app.log,
    );
    await server.listen({ host: '127.0.0.1', port: 0 });
    const { port } = server.server.address() as AddressInfo;
    lock.advertise({ url: `http://127.0.0.1:${port}`, secret });
  });
  app.addHook('preClose', async () => {
    lock.advertise(null);
    await server?.close();
  });
}
