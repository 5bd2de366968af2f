import { type Mock, vi } from 'vitest';

import { apiFailure } from './apiFailure';

/** A service whose every method is a vitest mock (`api.getUser.mock.calls`), typed as the service. */
export type Faked<T> = T & {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? Mock<(...args: A) => R> : T[K];
};

/** Names other code probes an object for (a promise's `then`, tsyringe's `dispose`, matchers…): never methods of the fake unless given. */
const PROBES = new Set([
  'then',
  'catch',
  'finally',
  'toJSON',
  'constructor',
  'dispose',
  'asymmetricMatch',
  'nodeType',
  '$$typeof',
]);

/**
 * A fake of a service for a test to register by its token (`services: [[GluonApiToken, fake]]`), so
 * a page test says what the server answers in the client's terms: each method runs the test's own
 * implementation when given, else the default; every call is recorded on the method's mock. A
 * method neither gives rejects as an unknown address would (404, naming it), so a page asking more
 * than the test expects shows it. The fake's own keys are the methods asked so far, so
 * `Object.values(fake)` holds every mock a page could have called.
 */
export function fakeService<T extends object>(
  name: string,
  defaults: Partial<T>,
  overrides: Partial<T> = {},
): Faked<T> {
  const methods = { ...defaults, ...overrides } as Record<string, unknown>;
  return new Proxy({} as Record<string, unknown>, {
    get(target, key) {
      if (typeof key !== 'string' || (PROBES.has(key) && !Object.hasOwn(methods, key))) return undefined;
      if (!Object.hasOwn(target, key)) {
        const given = Object.hasOwn(methods, key) ? methods[key] : undefined;
        target[key] =
          typeof given === 'function'
            ? vi.fn(given as (...args: unknown[]) => unknown)
            : vi.fn(() => Promise.reject(apiFailure(404, `${name}.${key} is not faked in this test`)));
      }
      return target[key];
    },
  }) as Faked<T>;
}
