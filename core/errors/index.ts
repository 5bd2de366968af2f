export * from './GlobalErrorReporter';
export { DefaultGlobalErrorReporter, isLoginPath } from './DefaultGlobalErrorReporter';
