export * from './ApiClient';
export type { ApiCallInput } from './buildApiRequest';
export { buildApiRequest, fillApiPath } from './buildApiRequest';
export { DefaultApiClient } from './DefaultApiClient';
