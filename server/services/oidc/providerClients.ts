import type { FastifyInstance } from 'fastify';
import { HttpError, type Queryable } from '../../contracts';
import type { OAuthProvider } from './nonces';

/** Where and as whom the API (or the console, for public clients) talks to a provider. */
export interface ProviderClient {
  provider: OAuthProvider;
  issuer: string;
  clientId: string;
  /** Only the vendor IdP client is confidential; Google and Okta clients are public (PKCE). */
  clientSecret: string | null;
  /** Tenant whose settings these are (Okta); null for the global providers. */
  tenantId: string | null;
}

export interface OktaSettingsRow {
  tenant_id: string;
  issuer: string;
  client_id: string;
  updated_at: Date;
}

export function googleClient(app: FastifyInstance): ProviderClient {
  const { googleIssuer, googleClientId } = app.config.idp;
  if (!googleIssuer || !googleClientId) throw new HttpError(404, 'Google sign-in is not configured');
  return { provider: 'Google', issuer: googleIssuer, clientId: googleClientId, clientSecret: null, tenantId: null };
}

export function jamfClient(app: FastifyInstance): ProviderClient {
  const { jamfIssuer, jamfClientId, jamfClientSecret } = app.config.idp;
  if (!jamfIssuer || !jamfClientId || !jamfClientSecret) throw new HttpError(404, 'Jamf sign-in is not configured');
  return { provider: 'JamfAuth0', issuer: jamfIssuer, clientId: jamfClientId, clientSecret: jamfClientSecret, tenantId: null };
}

export async function findOktaSettings(q: Queryable, tenantId: string): Promise<OktaSettingsRow | null> {
  const [row] = await q.query<OktaSettingsRow>(
    `SELECT tenant_id, issuer, client_id, updated_at FROM idp_settings
      WHERE tenant_id = $1 AND provider = 'Okta' AND issuer IS NOT NULL AND client_id IS NOT NULL`,
    [tenantId],
  );
  return row ?? null;
}

export async function oktaClient(app: FastifyInstance, tenantId: string): Promise<ProviderClient> {
  const row = await findOktaSettings(app.db, tenantId);
  if (!row) throw new HttpError(404, 'Okta is not configured');
  return { provider: 'Okta', issuer: row.issuer, clientId: row.client_id, clientSecret: null, tenantId };
}

/** The client of a provider for a sign-in bound to `tenantId` (required for Okta). */
export async function providerClient(app: FastifyInstance, provider: OAuthProvider, tenantId: string | undefined): Promise<ProviderClient> {
  if (provider === 'Google') return googleClient(app);
  if (provider === 'JamfAuth0') return jamfClient(app);
  if (!tenantId) throw new HttpError(401, 'Invalid nonce');
  return oktaClient(app, tenantId);
}

export interface DomainMappingRow {
  email_domain: string;
  tenant_id: string;
  connection_name: string | null;
  custom_idp: boolean;
}

export async function findDomainMapping(q: Queryable, emailDomain: string): Promise<DomainMappingRow | null> {
  const [row] = await q.query<DomainMappingRow>(
    `SELECT email_domain, tenant_id, connection_name, custom_idp FROM idp_domain_mappings
      WHERE email_domain = $1 AND provider = 'JamfAuth0'`,
    [emailDomain.toLowerCase()],
  );
  return row ?? null;
}

/** The e-mail domain (lower case) of an address or a bare domain; null when malformed. */
export function emailDomainOf(value: string): string | null {
  const domain = (value.includes('@') ? value.slice(value.lastIndexOf('@') + 1) : value).trim().toLowerCase();
  return /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/.test(domain) ? domain : null;
}
