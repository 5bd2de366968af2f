// What other modules may import from auth (scripts/check-boundaries.mjs): sso completes its
// sign-ins here, users resets lockout and second factors.
export { checkCaptcha, checkIpBudget, spendIpBudget } from './clientGuards';
export { HARD_LOCK_FAILURES } from './lockout';
export { rememberDevice } from './rememberedDevices';
export { completeSignIn } from './signIn';
export { signInClient, signInDeps } from './signInContext';
export { base32Encode, currentStep, totpCode } from './totp';
export { forgetSecondFactor, TOTP_OFF } from './totpSetup';
