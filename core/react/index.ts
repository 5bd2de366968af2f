export { ServicesProvider, useContainer } from './ServicesProvider';
export type { ServicesProviderProps } from './ServicesProvider';
export { useService } from './useService';
export { useObservable } from './useObservable';
