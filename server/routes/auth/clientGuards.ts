import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../contracts';
import { verifyCaptcha } from '../../services/captcha';

/** 429 when this client IP spent its failure budget (services/rateLimit.ts). */
export function checkIpBudget(app: FastifyInstance, request: FastifyRequest): void {
  const wait = app.failureLimiter.retryAfter(`ip:${request.ip}`);
  if (wait > 0) throw new HttpError(429, `Too many failed attempts from your network. Try again in ${wait} seconds.`);
}

export function spendIpBudget(app: FastifyInstance, request: FastifyRequest): void {
  app.failureLimiter.fail(`ip:${request.ip}`);
}

/** Captcha when active (CAPTCHA_SITE_ID set); a no-op otherwise. */
export async function checkCaptcha(app: FastifyInstance, request: FastifyRequest, token: string | undefined): Promise<void> {
  await verifyCaptcha(app.config.backends, token, request.ip);
}
