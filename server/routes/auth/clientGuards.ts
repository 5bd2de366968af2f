import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verifyCaptcha } from '../../services/captcha';
import { TooManyAttempts } from '../../services/rateLimit';

/** 429 (with Retry-After) when this client IP spent its failure budget (services/rateLimit.ts, in the database). */
export async function checkIpBudget(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const wait = await app.failureLimiter.retryAfter(ipBudgetKey(request));
  if (wait > 0) throw ipBudgetSpent(wait);
}

export function ipBudgetSpent(wait: number): TooManyAttempts {
  return new TooManyAttempts(`Too many failed attempts from your network. Try again in ${wait} seconds.`, wait);
}

export async function spendIpBudget(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  await app.failureLimiter.fail(ipBudgetKey(request));
}

/** request.ip is the right-most untrusted hop (TRUST_PROXY, config.ts), never a client-chosen entry. */
export function ipBudgetKey(request: FastifyRequest): string {
  return `ip:${request.ip}`;
}

/** Captcha when active (CAPTCHA_SITE_ID set); a no-op otherwise. */
export async function checkCaptcha(app: FastifyInstance, request: FastifyRequest, token: string | undefined): Promise<void> {
  await verifyCaptcha(app.config.backends, token, request.ip);
}
