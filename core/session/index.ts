export * from './SessionService';
export { DefaultSessionService } from './DefaultSessionService';
export { decodeClaims, isExpired, isSecondFactorAnswer, isSecondFactorOnly, issuerEndpoint, SECOND_FACTOR_PERMISSION } from './decodeClaims';
export { acquireRefreshLease, releaseRefreshLease, LEASE_SLACK_MS } from './refreshLease';
export { authorizationHeader, type HeldCredentials } from './authorizationHeader';
export { SessionTransportToken, type SessionTransport } from './SessionTransport';
export { AxiosSessionTransport, withoutInterceptors } from './AxiosSessionTransport';
export { SECOND_FACTOR_SESSION_KEY } from './secondFactorHandoff';
