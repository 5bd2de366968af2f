export * from './ApiClient';
export { DefaultApiClient } from './DefaultApiClient';
export { buildApiRequest, fillApiPath } from './buildApiRequest';
export type { ApiCallInput } from './buildApiRequest';
