export * from './HttpService';
export { DefaultHttpService } from './DefaultHttpService';
export { createAuthorizationMiddleware } from './authorizationMiddleware';
export * from './globalErrorRules';
export * from './callFailure';
