import path from 'node:path';
import type { FastifyInstance } from 'fastify';

import type { AppConfig } from '../config';
import { applyDevIdpToConfig, seedDevIdentityProviders } from './seedDevIdentityProviders';
import { type DevIdp, startDevIdp } from './startDevIdp';

export interface StartedDevIdp {
  /** `config` with the dev IdP's Google and JamfAuth0 settings filled in (unless set by the environment). */
  config: AppConfig;
  idp: DevIdp;
  /** After the first tenant exists: the tenant's Okta settings and the corp.example mapping. */
  seed(app: FastifyInstance): Promise<void>;
  close(): Promise<void>;
}

/**
 * What `npm start` in development does (server/main.ts): the dev IdP on IDP_PORT (default
 * PORT + 1) on loopback, its signing keys kept in `${DATA_DIR}/dev-idp-keys.json`, redirecting
 * to PUBLIC_URL. Call before buildApp; call `seed(app)` once the first tenant exists.
 */
export async function startDevIdpForApi(config: AppConfig): Promise<StartedDevIdp> {
  // The issuer URL must be reachable by the browser: a wildcard bind address is not.
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const idp = await startDevIdp({
    port: config.idp.idpPort,
    host,
    apiOrigin: config.publicUrl,
    keyFile: path.join(config.dataDir, 'dev-idp-keys.json'),
  });
  const next: AppConfig = { ...config, idp: { ...config.idp } };
  applyDevIdpToConfig(next, idp);
  return {
    config: next,
    idp,
    seed: async (app) => {
      await seedDevIdentityProviders(app, idp);
    },
    close: () => idp.close(),
  };
}
