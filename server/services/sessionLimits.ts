/** Session and token lifetimes (documented in server/ARCHITECTURE.md). */
export const ACCESS_TOKEN_TTL_S = 10 * 60;
/** A session not refreshed for this long ends (the console refreshes every 3 minutes). */
export const SESSION_IDLE_S = 30 * 60;
/** A session ends this long after sign-in, whatever the activity. */
export const SESSION_ABSOLUTE_S = 12 * 60 * 60;
/** Second-factor token of a user with MFA, between password and code. */
export const MFA_TOKEN_TTL_S = 5 * 60;
/** Recovery token (MFA set-up) after password or SSO re-validation. */
export const RECOVERY_TOKEN_TTL_S = 10 * 60;
/** Remembered device: the second factor is skipped for this long. */
export const REMEMBER_DEVICE_S = 30 * 24 * 60 * 60;
/** Password-recovery link. */
export const PASSWORD_RECOVERY_TTL_S = 60 * 60;
/** Invitation link (default). */
export const INVITATION_TTL_S = 7 * 24 * 60 * 60;
