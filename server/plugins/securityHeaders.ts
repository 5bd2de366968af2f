import type { FastifyInstance } from 'fastify';

import type { AppConfig } from '../config';
import { apiPrefixes } from '../modules/defineModule';
import { apiModules } from '../modules/index';

function origin(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Content-Security-Policy for the console: own scripts only; inline styles (Blueprint/popper
 * position elements); images from data:/blob: (QR code, logo previews); XHR to the identity
 * providers' token endpoints (the console exchanges the code itself, any https Okta domain,
 * plus the development IdP on loopback); reCAPTCHA when active; never framed. The console's
 * document gets a fresh `nonce` per answer (staticAssets.ts): its script tags carry it, and the
 * host reads it to insert the runtime plugins' import map, the one inline script there is.
 * Never `unsafe-eval`, never `unsafe-inline` for scripts.
 */
export function contentSecurityPolicy(config: AppConfig, nonce?: string): string {
  const devIdp = config.idp.devIdp
    ? `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.idp.idpPort}`
    : null;
  const idpOrigins = [devIdp, origin(config.idp.googleIssuer), origin(config.idp.jamfIssuer)].filter(
    (o): o is string => !!o && o.startsWith('http:'),
  );
  const recaptcha = 'https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/';
  return [
    "default-src 'self'",
    `script-src 'self'${nonce ? ` 'nonce-${nonce}'` : ''} ${recaptcha}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' https: ${idpOrigins.join(' ')}`.trim(),
    `frame-src ${recaptcha}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The security headers every answer carries (also written by the router and socket error handlers). */
export function securityHeaderValues(
  config: AppConfig,
  url: string,
  csp = contentSecurityPolicy(config),
): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    // Reset and invitation links carry secrets in the path: never leak them in Referer.
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  };
  if (config.publicUrl.startsWith('https:')) headers['Strict-Transport-Security'] = 'max-age=31536000';
  if (isApiPath(url)) headers['Cache-Control'] = 'no-store';
  return headers;
}

/** Security headers on every answer, API and static files alike. */
export function installSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  const csp = contentSecurityPolicy(config);
  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of Object.entries(securityHeaderValues(config, request.url, csp))) {
      // A route's own Cache-Control (static files, downloads) wins over the API default.
      if (name === 'Cache-Control' && reply.hasHeader(name)) continue;
      // The console's document sets its own policy, with that answer's nonce.
      if (name === 'Content-Security-Policy' && reply.hasHeader(name)) continue;
      reply.header(name, value);
    }
    // Error answers are never cached, whatever the path (a 404 for a missing asset included).
    if (reply.statusCode >= 400 && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}

/**
 * Paths the console never owns: unknown ones answer a JSON 404 (never index.html), answers are
 * not cached. Derived from the modules' declared prefixes, so a new module cannot be forgotten.
 */
const API_PREFIXES = apiPrefixes(apiModules);

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return API_PREFIXES.some((p) => path.startsWith(p)) || path === '/openapi.json' || path === '/dev';
}
