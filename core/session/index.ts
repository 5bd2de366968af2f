export { authorizationHeader, type HeldCredentials } from './authorizationHeader';
export { AxiosSessionTransport, withoutInterceptors } from './AxiosSessionTransport';
export {
  decodeClaims,
  isExpired,
  isSecondFactorAnswer,
  isSecondFactorOnly,
  issuerOrigin,
  SECOND_FACTOR_PERMISSION,
} from './decodeClaims';
export { DefaultSessionService } from './DefaultSessionService';
export { acquireRefreshLease, LEASE_SLACK_MS, releaseRefreshLease } from './refreshLease';
export { SECOND_FACTOR_SESSION_KEY } from './secondFactorHandoff';
export * from './SessionService';
export { type SessionTransport, SessionTransportToken } from './SessionTransport';
