export type { ServiceToken } from './ServiceToken';
export { createServiceToken } from './ServiceToken';
export type {} from './tsyringeAugmentation';
