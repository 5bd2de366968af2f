import { useMemo } from 'react';

import type { ServiceToken } from '../di/ServiceToken';
import { useContainer } from './ServicesProvider';

/** Resolves a service by its typed token from the nearest ServicesProvider. */
export function useService<T>(token: ServiceToken<T>): T {
  const container = useContainer();
  return useMemo(() => container.resolve<T>(token), [container, token]);
}
