export { DefaultGlobalErrorReporter, isLoginPath } from './DefaultGlobalErrorReporter';
export * from './GlobalErrorReporter';
