import type { FastifyInstance } from 'fastify';

import type { AppConfig } from '../config';
import type { DevIdp } from './startDevIdp';

/** E-mail domain signed in through the development vendor IdP, and its connection. */
export const DEV_JAMF_DOMAIN = 'corp.example';
export const DEV_JAMF_CONNECTION = 'corp-sso';

/**
 * Points the global providers (Google, JamfAuth0) at the development IdP, unless the
 * environment configured a real one. Call before `buildApp(config)`.
 */
export function applyDevIdpToConfig(config: AppConfig, idp: DevIdp): void {
  if (!config.idp.googleIssuer) {
    config.idp.googleIssuer = idp.issuers.google;
    config.idp.googleClientId = idp.clients.google.clientId;
  }
  if (!config.idp.jamfIssuer) {
    config.idp.jamfIssuer = idp.issuers.jamf;
    config.idp.jamfClientId = idp.clients.jamf.clientId;
    config.idp.jamfClientSecret = idp.clients.jamf.clientSecret;
  }
}

function isDevOktaIssuer(issuer: string | null): boolean {
  const url = issuer ? URL.parse(issuer) : null;
  return (
    !!url &&
    url.protocol === 'http:' &&
    ['127.0.0.1', 'localhost'].includes(url.hostname) &&
    url.pathname === '/okta/oauth2/default'
  );
}

/** Whether a development issuer is served right now (another API instance's dev IdP, typically). */
async function issuerAnswers(issuer: string): Promise<boolean> {
  try {
    const res = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(1500) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Development data for the SSO flows: the tenant's Okta configuration pointing at the dev
 * IdP's Okta issuer and the vendor-IdP mapping
 * corp.example -> connection 'corp-sso'. Also applies the config (see applyDevIdpToConfig).
 * `tenantId` defaults to the oldest tenant; without any tenant only the config is applied.
 * The tenant's Okta settings are written when there are none, and replaced only when they name a
 * development issuer that no longer answers (a dev IdP of an earlier start on another port): never
 * a real one, and never the live dev IdP of another instance sharing the database, so instances
 * do not take the setting from each other on every start.
 */
export async function seedDevIdentityProviders(
  app: FastifyInstance,
  idp: DevIdp,
  options: { tenantId?: string } = {},
): Promise<{ tenantId: string | null }> {
  applyDevIdpToConfig(app.config, idp);
  const tenantId =
    options.tenantId ??
    (await app.db.query<{ id: string }>('SELECT id FROM tenants ORDER BY created_at, id LIMIT 1'))[0]?.id ??
    null;
  if (!tenantId) return { tenantId: null };
  const [okta] = await app.db.query<{ issuer: string | null }>(
    `SELECT issuer FROM idp_settings WHERE tenant_id = $1 AND provider = 'Okta'`,
    [tenantId],
  );
  const replace =
    !okta || (isDevOktaIssuer(okta.issuer) && okta.issuer !== idp.issuers.okta && !(await issuerAnswers(okta.issuer!)));
  if (replace) {
    await app.db.query(
      `INSERT INTO idp_settings (tenant_id, provider, issuer, client_id) VALUES ($1, 'Okta', $2, $3)
       ON CONFLICT (tenant_id, provider) DO UPDATE SET issuer = EXCLUDED.issuer, client_id = EXCLUDED.client_id, updated_at = now()`,
      [tenantId, idp.issuers.okta, idp.clients.okta.clientId],
    );
  }
  await app.db.query(
    `INSERT INTO idp_domain_mappings (email_domain, tenant_id, provider, connection_name, custom_idp)
     VALUES ($1, $2, 'JamfAuth0', $3, false) ON CONFLICT (email_domain) DO NOTHING`,
    [DEV_JAMF_DOMAIN, tenantId, DEV_JAMF_CONNECTION],
  );
  return { tenantId };
}
