export * from './SessionService';
export { DefaultSessionService } from './DefaultSessionService';
export { decodeClaims, isExpired, isSecondFactorOnly, issuerEndpoint, SECOND_FACTOR_PERMISSION } from './decodeClaims';
export { acquireRefreshLease, releaseRefreshLease, LEASE_SLACK_MS } from './refreshLease';
