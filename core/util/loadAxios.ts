import type { AxiosInstance } from 'axios';

/** Resolves the axios instance the HTTP service and the session's transport send through. */
export type AxiosLoader = () => Promise<AxiosInstance>;

/**
 * The default loader: axios (~14 KiB brotli) is imported on the first call, not with the first
 * screen: a signed-out visit paints and takes input before it (docs/decisions/0031). One instance
 * per loader, shared by every caller.
 */
export function lazyAxios(): AxiosLoader {
  let instance: Promise<AxiosInstance> | undefined;
  return () =>
    (instance ??= import('axios').then(
      ({ default: axios }) => axios.create(),
      (error: unknown) => {
        // A chunk that failed to arrive (offline) is asked for again by the next call.
        instance = undefined;
        throw error;
      },
    ));
}

/** A loader answering an instance that is already there (tests' in-memory server). */
export function givenAxios(instance: AxiosInstance): AxiosLoader {
  const ready = Promise.resolve(instance);
  return () => ready;
}
