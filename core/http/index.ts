export { isAxiosError } from '../util/isAxiosError';
export { type AxiosLoader, givenAxios, lazyAxios } from '../util/loadAxios';
export { createAuthorizationMiddleware } from './authorizationMiddleware';
export * from './callFailure';
export { DefaultHttpService } from './DefaultHttpService';
export * from './globalErrorRules';
export * from './HttpService';
