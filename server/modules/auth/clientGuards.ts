import type { FastifyInstance, FastifyRequest } from 'fastify';

import { TooManyAttempts } from '../../services/rateLimit';
import { verifyCaptcha } from './captcha';

/**
 * 429 (with Retry-After) when this client IP spent its failure budget (services/rateLimit.ts, in
 * the database), counting as failures the checks from this IP still running (`inFlight`, read
 * right before the budget is).
 */
export async function checkIpBudget(
  app: FastifyInstance,
  request: FastifyRequest,
  inFlight: () => number = () => 0,
): Promise<void> {
  const wait = await app.failureLimiter.retryAfter(ipBudgetKey(request), inFlight());
  if (wait > 0) throw ipBudgetSpent(wait);
}

/** How many checks that began earlier still hold a key (services/attemptsInFlight.ts AttemptHold.earlier). */
export type InFlight = () => number;

/**
 * Runs a secret check (`check`: read the counters, claim, verify, record a failure) holding one
 * attempt on each key (services/attemptsInFlight.ts): `check` gets, per key, how many checks that
 * began earlier still hold it, to read right before the counters are read, and every decision
 * counts them as possible failures. The holds end with `check`, after its failure is recorded, so a burst of parallel
 * guesses cannot all pass a counter that has not seen any of them yet.
 */
export async function whileHeld<T>(
  app: FastifyInstance,
  keys: readonly string[],
  check: (inFlight: InFlight[]) => Promise<T>,
): Promise<T> {
  const holds = keys.map((key) => app.attemptsInFlight.hold(key));
  try {
    return await check(holds.map((hold) => () => hold.earlier()));
  } finally {
    for (const hold of holds) hold.release();
  }
}

/** The in-flight key of a counter of a user (password or second factor), shared by every route that checks it. */
export function attemptKey(counter: 'password' | 'mfa', subject: string): string {
  return `${counter}:${subject}`;
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
export async function checkCaptcha(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string | undefined,
): Promise<void> {
  await verifyCaptcha(app.config.backends, token, request.ip);
}
