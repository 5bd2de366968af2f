import type { LoginStep } from './loginQuery';

/** The card's heading per step (spec §2 "Login screen steps"). */
export const STEP_TITLES: Record<LoginStep, string> = {
  login: 'Sign in',
  'two-auth': 'Two-factor authentication',
  'recovery-code': 'Recovery code',
  'lost-password': 'Reset your password',
  'okta-client-issuer': 'Sign in with Okta',
  'okta-waiting': 'Signing in',
  jamf: 'Sign in with Jamf',
};
