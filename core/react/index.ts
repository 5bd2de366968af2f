export type { ServicesProviderProps } from './ServicesProvider';
export { ServicesProvider, useContainer } from './ServicesProvider';
export { useObservable } from './useObservable';
export { useService } from './useService';
// useLoader and useMutation are imported by path (`@core/react/useLoader`): product pages use
// them, and re-exported here they would ride in every first load with this index.
export type { Loaded, LoaderKey, LoaderOptions } from './useLoader';
export type { Mutation, MutationOptions, MutationResult } from './useMutation';
