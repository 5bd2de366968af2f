export { ServicesProvider, useContainer } from './ServicesProvider';
export type { ServicesProviderProps } from './ServicesProvider';
export { useService } from './useService';
export { useObservable } from './useObservable';
export { useLoader } from './useLoader';
export type { Loaded, LoaderOptions } from './useLoader';
