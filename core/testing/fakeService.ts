import { vi, type Mock } from 'vitest';

/** A service whose every method is a vitest mock (`api.getUser.mock.calls`), typed as the service. */
export type Faked<T> = T & { [K in keyof T]: T[K] extends (...args: infer A) => infer R ? Mock<(...args: A) => R> : T[K] };

/**
 * A fake of a service for a test to register by its token: each method runs the test's own
 * implementation when given, else the default; every call is recorded. A method neither gives
 * rejects, naming it, so a page calling something the test did not expect fails clearly.
 */
export function fakeService<T extends object>(name: string, defaults: Partial<T>, overrides: Partial<T> = {}): Faked<T> {
  const methods = { ...defaults, ...overrides } as Record<string, unknown>;
  return new Proxy({} as Record<string | symbol, unknown>, {
    get(target, key) {
      if (typeof key !== 'string' || key === 'then') return undefined;
      if (!(key in target)) {
        const given = methods[key];
        target[key] = typeof given === 'function' ? vi.fn(given as (...args: unknown[]) => unknown) : vi.fn(() => Promise.reject(new Error(`${name}.${key} is not faked in this test`)));
      }
      return target[key];
    },
  }) as Faked<T>;
}
