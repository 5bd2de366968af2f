import { lazy } from 'react';

// Only the sign-in form renders on a plain visit to /login; the other steps (and their icons)
// are separate chunks fetched when the visitor reaches them, which keeps the first load of
// /login within its budget (README, "Bundle weight"). The SSO waiting screen stays in the page
// chunk: it is the first thing shown on a return from Okta or Google and must not wait.
export const TwoAuthForm = lazy(() =>
  import('../components/TwoAuthForm/TwoAuthForm').then((m) => ({ default: m.TwoAuthForm })),
);
export const RecoveryCodeForm = lazy(() =>
  import('../components/RecoveryCodeForm/RecoveryCodeForm').then((m) => ({ default: m.RecoveryCodeForm })),
);
export const LostPasswordForm = lazy(() =>
  import('../components/LostPasswordForm/LostPasswordForm').then((m) => ({ default: m.LostPasswordForm })),
);
export const OktaIssuerForm = lazy(() =>
  import('../components/OktaIssuerForm/OktaIssuerForm').then((m) => ({ default: m.OktaIssuerForm })),
);
export const JamfLogin = lazy(() =>
  import('../components/JamfLogin/JamfLogin').then((m) => ({ default: m.JamfLogin })),
);
