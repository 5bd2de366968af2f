export { createAuthorizationMiddleware } from './authorizationMiddleware';
export * from './callFailure';
export { DefaultHttpService } from './DefaultHttpService';
export * from './globalErrorRules';
export * from './HttpService';
export { isAxiosError } from './isAxiosError';
export { type AxiosLoader, givenAxios, lazyAxios } from './loadAxios';
