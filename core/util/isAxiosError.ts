import type { AxiosError } from 'axios';

/**
 * axios's own `isAxiosError`, without importing axios: the first screen's code tells a failed
 * call apart before (or without) the axios chunk having loaded (docs/decisions/0031).
 */
export function isAxiosError<T = unknown, D = unknown>(payload: unknown): payload is AxiosError<T, D> {
  return (
    typeof payload === 'object' && payload !== null && (payload as { isAxiosError?: unknown }).isAxiosError === true
  );
}
