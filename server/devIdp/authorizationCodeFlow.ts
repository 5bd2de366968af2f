import { createHash, randomBytes } from 'node:crypto';

/**
 * Drives a real browser-like authorisation-code flow against an OIDC provider from node (tests,
 * scripts): follows redirects with a cookie jar and fills the development IdP's sign-in form.
 */

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function createPkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface AuthorizationRequest {
  authorizationEndpoint: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  state: string;
  nonce?: string;
  scope?: string;
  extraParams?: Record<string, string>;
}

export function buildAuthorizationUrl(request: AuthorizationRequest): string {
  const url = new URL(request.authorizationEndpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', request.clientId);
  url.searchParams.set('redirect_uri', request.redirectUri);
  url.searchParams.set('scope', request.scope ?? 'openid profile email');
  url.searchParams.set('state', request.state);
  url.searchParams.set('code_challenge', request.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  if (request.nonce !== undefined) url.searchParams.set('nonce', request.nonce);
  for (const [key, value] of Object.entries(request.extraParams ?? {})) url.searchParams.set(key, value);
  return url.href;
}

export interface FlowResult {
  /** The final redirect to the client, with its query (code and state, or error). */
  callbackUrl: URL;
  code: string | null;
  state: string | null;
  error: string | null;
  /** Cookies of the IdP after the flow (its session), as a Cookie header. */
  cookies: string;
}

class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(header) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies.entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** Starts at `authorizationUrl`, signs in with e-mail and password, stops at the redirect to `redirectUri`. */
export async function runAuthorizationCodeFlow(
  authorizationUrl: string,
  redirectUri: string,
  credentials: { email: string; password: string },
): Promise<FlowResult> {
  const jar = new CookieJar();
  let next: { url: string; method: 'GET' | 'POST'; body?: URLSearchParams } = { url: authorizationUrl, method: 'GET' };
  let submitted = false;
  for (let hop = 0; hop < 20; hop += 1) {
    if (next.url.startsWith(redirectUri)) {
      const callbackUrl = new URL(next.url);
      return {
        callbackUrl,
        code: callbackUrl.searchParams.get('code'),
        state: callbackUrl.searchParams.get('state'),
        error: callbackUrl.searchParams.get('error'),
        cookies: jar.header(),
      };
    }
    const response = await fetch(next.url, {
      method: next.method,
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(next.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: next.body?.toString(),
    });
    jar.store(response);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      next = { url: new URL(location, next.url).href, method: 'GET' };
      continue;
    }
    const html = await response.text();
    const action = /<form method="post" action="([^"]+)"[^>]*>\s*<label for="email">/.exec(html)?.[1];
    if (response.status === 200 && action && !submitted) {
      submitted = true;
      next = {
        url: new URL(action.replace(/&#38;/g, '&'), next.url).href,
        method: 'POST',
        body: new URLSearchParams({ email: credentials.email, password: credentials.password }),
      };
      continue;
    }
    throw new Error(
      `Authorisation flow stopped at ${next.url} with status ${response.status}: ${html
        .replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/g, ' ')
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .slice(0, 300)}`,
    );
  }
  throw new Error('Authorisation flow did not reach the redirect URI');
}
