import { HttpError } from '../../contracts';

/** The fields of an OpenID provider's discovery document the API uses. */
export interface ProviderMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  end_session_endpoint?: string;
  userinfo_endpoint?: string;
}

const CACHE_MS = 10 * 60 * 1000;
const FETCH_TIMEOUT_MS = 5000;
const MAX_DOCUMENT_BYTES = 256 * 1024;

const cache = new Map<string, { at: number; metadata: ProviderMetadata }>();

/** Thrown when an issuer cannot be reached or answers something that is not its discovery document. */
export class DiscoveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DiscoveryError';
  }
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const url = URL.parse(value);
  return !!url && (url.protocol === 'https:' || url.protocol === 'http:');
}

/** Issuer identifiers compare without a trailing slash (Okta and Google publish them without). */
export function normaliseIssuer(issuer: string): string {
  return issuer.replace(/\/+$/, '');
}

/**
 * Fetches `${issuer}/.well-known/openid-configuration` (cached 10 minutes) and checks that the
 * document names the same issuer, as OpenID Connect Discovery requires.
 */
export async function discover(issuer: string, options: { fresh?: boolean } = {}): Promise<ProviderMetadata> {
  const key = normaliseIssuer(issuer);
  const hit = cache.get(key);
  if (hit && !options.fresh && Date.now() - hit.at < CACHE_MS) return hit.metadata;
  let response: Response;
  try {
    response = await fetch(`${key}/.well-known/openid-configuration`, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
  } catch {
    throw new DiscoveryError(`Identity provider ${key} is unreachable`);
  }
  if (!response.ok) throw new DiscoveryError(`Identity provider ${key} answered ${response.status}`);
  const text = await response.text();
  if (text.length > MAX_DOCUMENT_BYTES) throw new DiscoveryError('Discovery document too large');
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new DiscoveryError('Discovery document is not JSON');
  }
  if (typeof doc.issuer !== 'string' || normaliseIssuer(doc.issuer) !== key)
    throw new DiscoveryError('Discovery document names another issuer');
  for (const field of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
    if (!isHttpUrl(doc[field])) throw new DiscoveryError(`Discovery document lacks ${field}`);
  }
  const metadata: ProviderMetadata = {
    issuer: doc.issuer,
    authorization_endpoint: doc.authorization_endpoint as string,
    token_endpoint: doc.token_endpoint as string,
    jwks_uri: doc.jwks_uri as string,
    ...(isHttpUrl(doc.end_session_endpoint) ? { end_session_endpoint: doc.end_session_endpoint } : {}),
    ...(isHttpUrl(doc.userinfo_endpoint) ? { userinfo_endpoint: doc.userinfo_endpoint } : {}),
  };
  cache.set(key, { at: Date.now(), metadata });
  return metadata;
}

/** Discovery for a sign-in in progress: an unreachable provider is the provider's fault (502), not ours. */
export async function discoverOrFail(issuer: string): Promise<ProviderMetadata> {
  try {
    return await discover(issuer);
  } catch (error) {
    if (error instanceof DiscoveryError) throw new HttpError(502, 'The identity provider is not reachable');
    throw error;
  }
}
