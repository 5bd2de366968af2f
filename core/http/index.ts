export * from './HttpService';
export { DefaultHttpService } from './DefaultHttpService';
export * from './globalErrorRules';
