import { type PendingSecondFactor, SECOND_FACTOR_METHODS, type SignInProvider } from './SessionService';

/**
 * sessionStorage key of a sign-in awaiting its second factor. Per tab and gone with it: enough
 * for `/login/callback` (a full page load from the identity provider) to hand the sign-in to
 * `/login`, and for a reload of the two-auth step; never shared with other tabs.
 */
export const SECOND_FACTOR_SESSION_KEY = 'zo-second-factor';

export interface HeldSecondFactor {
  /** The mfa token: only the session reads it, to build the `secondFactor` header. */
  token: string;
  pending: PendingSecondFactor;
}

const PROVIDERS: readonly SignInProvider[] = ['google', 'okta', 'jamf'];

function area(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage disabled (privacy modes): the handoff lives in memory only.
    return null;
  }
}

export function saveSecondFactor(held: HeldSecondFactor | null): void {
  try {
    if (held) area()?.setItem(SECOND_FACTOR_SESSION_KEY, JSON.stringify(held));
    else area()?.removeItem(SECOND_FACTOR_SESSION_KEY);
  } catch {
    // Quota or privacy mode: the memory copy still works in this page.
  }
}

/** The stored handoff, or null; a malformed value is removed. */
export function loadSecondFactor(): HeldSecondFactor | null {
  let raw: string | null = null;
  try {
    raw = area()?.getItem(SECOND_FACTOR_SESSION_KEY) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  const held = parse(raw);
  if (!held) saveSecondFactor(null);
  return held;
}

function parse(raw: string): HeldSecondFactor | null {
  try {
    const value = JSON.parse(raw) as {
      token?: unknown;
      pending?: Partial<Record<keyof PendingSecondFactor, unknown>>;
    } | null;
    const pending = value?.pending;
    if (!value || typeof value.token !== 'string' || !value.token || !pending || typeof pending.username !== 'string')
      return null;
    const returnUrl = typeof pending.returnUrl === 'string' ? pending.returnUrl : null;
    const provider = PROVIDERS.find((p) => p === pending.provider);
    return {
      token: value.token,
      pending: {
        username: pending.username,
        returnUrl,
        ...(provider ? { provider } : {}),
        ...secondFactorMethodsOf({ mfaMethods: pending.methods }),
      },
    };
  } catch {
    return null;
  }
}

/** `{ methods }` of a second-factor answer (or a stored handoff) that names known ones; `{}` otherwise. */
export function secondFactorMethodsOf(source: { mfaMethods?: unknown }): Pick<PendingSecondFactor, 'methods'> {
  if (!Array.isArray(source.mfaMethods)) return {};
  const methods = SECOND_FACTOR_METHODS.filter((method) => (source.mfaMethods as unknown[]).includes(method));
  return methods.length > 0 ? { methods } : {};
}
