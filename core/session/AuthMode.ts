/**
 * How a request authenticates (spec §7). The session turns a mode into the `Authorization`
 * header; the HTTP layer only asks.
 */
export type AuthMode =
  /** The access token (the default). */
  | { kind: 'bearer' }
  /** No credential at all. */
  | { kind: 'public' }
  /** A collector quick-link token from the address. */
  | { kind: 'quickLink'; token: string }
  /** The recovery token of two-factor set-up (spec §7 "recovery header"). */
  | { kind: 'recovery' }
  /** The pending second-factor token of a sign-in (validateCode, validateRecoveryCode). */
  | { kind: 'secondFactor' };
