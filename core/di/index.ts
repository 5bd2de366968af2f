export { createServiceToken } from './ServiceToken';
export type { ServiceToken } from './ServiceToken';
export type {} from './tsyringeAugmentation';
