import type { IdpConfig } from '../../config';
import { HttpError, type Queryable } from '../../contracts';
import type { OAuthProvider } from './nonces';
import { issuerOnDomain } from './oktaIssuer';

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

export function googleClient(idp: IdpConfig): ProviderClient {
  const { googleIssuer, googleClientId } = idp;
  if (!googleIssuer || !googleClientId) throw new HttpError(404, 'Google sign-in is not configured');
  return { provider: 'Google', issuer: googleIssuer, clientId: googleClientId, clientSecret: null, tenantId: null };
}

export function jamfClient(idp: IdpConfig): ProviderClient {
  const { jamfIssuer, jamfClientId, jamfClientSecret } = idp;
  if (!jamfIssuer || !jamfClientId || !jamfClientSecret) throw new HttpError(404, 'Jamf sign-in is not configured');
  return {
    provider: 'JamfAuth0',
    issuer: jamfIssuer,
    clientId: jamfClientId,
    clientSecret: jamfClientSecret,
    tenantId: null,
  };
}

export async function findOktaSettings(q: Queryable, tenantId: string): Promise<OktaSettingsRow | null> {
  const [row] = await q.query<OktaSettingsRow>(
    `SELECT tenant_id, issuer, client_id, updated_at FROM idp_settings
      WHERE tenant_id = $1 AND provider = 'Okta' AND issuer IS NOT NULL AND client_id IS NOT NULL`,
    [tenantId],
  );
  return row ?? null;
}

/** Sets the tenant's Okta application (issuer, public client id); a stored secret is dropped. */
export async function saveOktaSettings(
  q: Queryable,
  tenantId: string,
  issuer: string,
  clientId: string,
): Promise<OktaSettingsRow> {
  const [row] = await q.query<OktaSettingsRow>(
    `INSERT INTO idp_settings (tenant_id, provider, issuer, client_id) VALUES ($1, 'Okta', $2, $3)
     ON CONFLICT (tenant_id, provider) DO UPDATE SET issuer = EXCLUDED.issuer, client_id = EXCLUDED.client_id, client_secret = NULL, updated_at = now()
     RETURNING tenant_id, issuer, client_id, updated_at`,
    [tenantId, issuer, clientId],
  );
  return row!;
}

/** Removes the tenant's Okta settings; false when there were none. */
export async function deleteOktaSettings(q: Queryable, tenantId: string): Promise<boolean> {
  const rows = await q.query(`DELETE FROM idp_settings WHERE tenant_id = $1 AND provider = 'Okta' RETURNING id`, [
    tenantId,
  ]);
  return rows.length > 0;
}

/** The tenant whose Okta issuer is on `domain` (the oldest configuration wins), or null. */
export async function findOktaTenantOnDomain(q: Queryable, domain: string): Promise<string | null> {
  const rows = await q.query<{ tenant_id: string; issuer: string }>(
    `SELECT tenant_id, issuer FROM idp_settings WHERE provider = 'Okta' AND issuer IS NOT NULL AND client_id IS NOT NULL ORDER BY created_at, id`,
  );
  return rows.find((row) => issuerOnDomain(row.issuer, domain))?.tenant_id ?? null;
}

export async function oktaClient(q: Queryable, tenantId: string): Promise<ProviderClient> {
  const row = await findOktaSettings(q, tenantId);
  if (!row) throw new HttpError(404, 'Okta is not configured');
  return { provider: 'Okta', issuer: row.issuer, clientId: row.client_id, clientSecret: null, tenantId };
}

/** The client of a provider for a sign-in bound to `tenantId` (required for Okta). */
export async function providerClient(
  deps: { db: Queryable; idp: IdpConfig },
  provider: OAuthProvider,
  tenantId: string | undefined,
): Promise<ProviderClient> {
  if (provider === 'Google') return googleClient(deps.idp);
  if (provider === 'JamfAuth0') return jamfClient(deps.idp);
  if (!tenantId) throw new HttpError(401, 'Invalid nonce');
  return oktaClient(deps.db, tenantId);
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
