import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type InteractionDetails, Provider } from 'oidc-provider';

import { DEV_CLIENT_IDS, DEV_ISSUERS, type DevIssuerKey, type DevIssuerLayout } from './devIdpIssuers';
import { loadOrCreateIssuerKeys } from './devIdpKeys';
import { createMemoryAdapter } from './devIdpMemoryAdapter';
import { errorPage, loggedOutPage, loginPage, logoutPage } from './devIdpPages';
import { DEFAULT_DEV_IDP_USERS, DevIdpDirectory, type DevIdpUser, subjectFor } from './devIdpUsers';

export interface StartDevIdpOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Origin of the API and console, e.g. http://127.0.0.1:8080: redirect and logout targets, CORS. */
  apiOrigin: string;
  /** More console origins allowed as redirect targets (e.g. localhost beside 127.0.0.1). */
  extraOrigins?: readonly string[];
  /** Replaces the documented test users. */
  users?: readonly DevIdpUser[];
  /** JSON file keeping the issuers' signing keys across restarts (e.g. `${DATA_DIR}/dev-idp-keys.json`). */
  keyFile?: string;
  /** Secret of the API's confidential Jamf client; generated when absent. */
  jamfClientSecret?: string;
}

export interface DevIdpClients {
  google: { clientId: string };
  okta: { clientId: string };
  jamf: { clientId: string; clientSecret: string };
}

export interface DevIdp {
  origin: string;
  issuers: Record<DevIssuerKey, string>;
  clients: DevIdpClients;
  /** The user directory (tests may add people). */
  users: DevIdpDirectory;
  close(): Promise<void>;
}

const MAX_FORM_BYTES = 16 * 1024;

function withLoopbackTwin(origin: string): string[] {
  const url = new URL(origin);
  const out = [url.origin];
  // The console may be opened as localhost or 127.0.0.1; both are the same machine.
  if (url.hostname === '127.0.0.1') out.push(`${url.protocol}//localhost${url.port ? `:${url.port}` : ''}`);
  if (url.hostname === 'localhost') out.push(`${url.protocol}//127.0.0.1${url.port ? `:${url.port}` : ''}`);
  return out;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) throw Object.assign(new Error('Form too large'), { statusCode: 413 });
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Frame-Options', 'DENY');
  res.end(html);
}

/**
 * Starts a real OpenID Connect provider (oidc-provider) on one port with three issuers standing
 * in for Google, Okta and the vendor IdP (JamfAuth0). Development and tests only: it signs in
 * the documented test users with a password and consents automatically.
 */
export async function startDevIdp(options: StartDevIdpOptions): Promise<DevIdp> {
  const host = options.host ?? '127.0.0.1';
  const directory = new DevIdpDirectory(options.users ?? DEFAULT_DEV_IDP_USERS);
  const keys = await loadOrCreateIssuerKeys(options.keyFile);
  const jamfClientSecret = options.jamfClientSecret ?? randomBytes(24).toString('base64url');
  const origins = [...new Set([options.apiOrigin, ...(options.extraOrigins ?? [])].flatMap(withLoopbackTwin))];

  const providers = new Map<
    DevIssuerKey,
    { layout: DevIssuerLayout; provider: Provider; handle: (req: IncomingMessage, res: ServerResponse) => void }
  >();

  const server = createServer((req, res) => {
    void dispatch(req, res).catch((error: unknown) => {
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      const description =
        (error as { error_description?: string }).error_description ??
        (status < 500 ? (error as Error).message : 'Internal error');
      if (status >= 500) console.error('[dev-idp]', error);
      if (!res.headersSent) sendHtml(res, status, errorPage('Sign-in error', { error: description }));
      else res.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const hostForUrl = host.includes(':') ? `[${host}]` : host;
  const origin = `http://${hostForUrl}:${port}`;

  const clientsFor = (key: DevIssuerKey): Record<string, unknown>[] => {
    const redirect_uris = origins.map((o) => `${o}/login/callback`);
    const post_logout_redirect_uris = origins.flatMap((o) => [
      `${o}/login?reauth=true`,
      `${o}/login?reauth=false`,
      `${o}/login`,
    ]);
    const common = {
      redirect_uris,
      post_logout_redirect_uris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    };
    if (key === 'jamf') {
      return [
        {
          ...common,
          client_id: DEV_CLIENT_IDS.jamf,
          client_secret: jamfClientSecret,
          client_name: 'Console (API)',
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ];
    }
    // Public browser client: the console exchanges the code itself with PKCE (no secret).
    return [{ ...common, client_id: DEV_CLIENT_IDS[key], client_name: 'Console', token_endpoint_auth_method: 'none' }];
  };

  for (const layout of DEV_ISSUERS) {
    const issuer = `${origin}${layout.mountPath}`;
    const cookieKey = randomBytes(32).toString('base64url');
    const provider = new Provider(issuer, {
      adapter: createMemoryAdapter(),
      clients: clientsFor(layout.key),
      jwks: { keys: [keys[layout.key]] },
      routes: layout.routes,
      scopes: ['openid', 'profile', 'email'],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
      // Real Google and Okta put e-mail claims in the ID token of the code flow; the API relies on it.
      conformIdTokenClaims: false,
      pkce: { required: () => true },
      extraParams: layout.key === 'jamf' ? ['connection'] : [],
      features: {
        devInteractions: { enabled: false },
        rpInitiatedLogout: {
          enabled: true,
          logoutSource: async (ctx: { body: unknown }, form: string) => {
            ctx.body = logoutPage(form);
          },
          postLogoutSuccessSource: async (ctx: { body: unknown }) => {
            ctx.body = loggedOutPage();
          },
        },
      },
      interactions: {
        url: async (_ctx: unknown, interaction: { uid: string }) =>
          `${layout.mountPath}/interaction/${interaction.uid}`,
      },
      findAccount: async (_ctx: unknown, sub: string) => {
        const user = directory.bySubject(layout.key, sub);
        if (!user) return undefined;
        const [given, ...family] = user.name.split(' ');
        return {
          accountId: sub,
          claims: async () => ({
            sub,
            email: user.email,
            email_verified: user.emailVerified,
            name: user.name,
            given_name: given,
            family_name: family.join(' '),
          }),
        };
      },
      cookies: {
        names: {
          session: `${layout.key}_session`,
          interaction: `${layout.key}_interaction`,
          resume: `${layout.key}_resume`,
        },
        keys: [cookieKey],
      },
      clientBasedCORS: (_ctx: unknown, requestOrigin: string) => origins.includes(requestOrigin),
      renderError: async (ctx: { type: string; body: unknown }, out: Record<string, string>) => {
        ctx.type = 'html';
        ctx.body = errorPage('Sign-in error', out);
      },
      ttl: {
        AccessToken: 3600,
        AuthorizationCode: 60,
        IdToken: 3600,
        Interaction: 600,
        Session: 8 * 3600,
        Grant: 8 * 3600,
        RefreshToken: 86400,
      },
    });
    provider.on('server_error', (_ctx: unknown, error: unknown) => console.error(`[dev-idp ${layout.key}]`, error));
    providers.set(layout.key, { layout, provider, handle: provider.callback() });
  }

  async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    const entry = [...providers.values()].find(
      ({ layout }) => url.pathname === layout.mountPath || url.pathname.startsWith(`${layout.mountPath}/`),
    );
    if (!entry) {
      sendHtml(
        res,
        404,
        errorPage(
          'Development identity provider',
          Object.fromEntries([...providers.values()].map(({ layout, provider }) => [layout.label, provider.issuer])),
        ),
      );
      return;
    }
    const rest = url.pathname.slice(entry.layout.mountPath.length) || '/';
    const interaction = /^\/interaction\/([A-Za-z0-9_-]+)(\/login|\/abort)?$/.exec(rest);
    if (interaction) {
      await handleInteraction(entry.layout, entry.provider, interaction[2] ?? '', req, res);
      return;
    }
    // oidc-provider derives its mount path from originalUrl minus url (as under Express).
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = req.url;
    req.url = `${rest}${url.search}`;
    entry.handle(req, res);
  }

  async function handleInteraction(
    layout: DevIssuerLayout,
    provider: Provider,
    action: string,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> {
    const details: InteractionDetails = await provider.interactionDetails(req, res);
    const base = `${layout.mountPath}/interaction/${details.uid}`;
    const clientName = String(details.params.client_id ?? 'the application');
    const renderLogin = (status: number, email?: string, error?: string) =>
      sendHtml(
        res,
        status,
        loginPage({
          providerLabel: layout.label,
          clientName,
          action: `${base}/login`,
          abortAction: `${base}/abort`,
          email,
          error,
        }),
      );

    if (action === '/abort') {
      if (req.method !== 'POST') return renderLogin(405);
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
      return;
    }

    if (action === '/login') {
      if (req.method !== 'POST' || details.prompt.name !== 'login')
        return renderLogin(400, undefined, 'Unexpected sign-in step, start again.');
      const form = await readForm(req);
      const email = form.get('email') ?? '';
      const user = directory.authenticate(email, form.get('password') ?? '');
      if (!user) return renderLogin(401, email, 'Wrong e-mail or password.');
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: subjectFor(layout.key, user.email) } },
        { mergeWithLastSubmission: false },
      );
      return;
    }

    if (details.prompt.name === 'login') {
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
      return renderLogin(200, hint);
    }

    if (details.prompt.name === 'consent') {
      // First-party development clients: consent is granted without asking.
      const accountId = details.session?.accountId;
      const clientId = details.params.client_id;
      if (!accountId || !clientId) throw Object.assign(new Error('Interaction without session'), { statusCode: 400 });
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId, clientId });
      if (!grant) throw Object.assign(new Error('Grant not found'), { statusCode: 400 });
      const missing = details.prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
        grant.addResourceScope(indicator, scopes.join(' '));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { consent: details.grantId ? {} : { grantId } },
        { mergeWithLastSubmission: true },
      );
      return;
    }

    throw Object.assign(new Error(`Unsupported prompt ${details.prompt.name}`), { statusCode: 400 });
  }

  const issuers = Object.fromEntries(
    [...providers.entries()].map(([key, { provider }]) => [key, provider.issuer]),
  ) as Record<DevIssuerKey, string>;

  return {
    origin,
    issuers,
    clients: {
      google: { clientId: DEV_CLIENT_IDS.google },
      okta: { clientId: DEV_CLIENT_IDS.okta },
      jamf: { clientId: DEV_CLIENT_IDS.jamf, clientSecret: jamfClientSecret },
    },
    users: directory,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
