import { apiFailure } from './apiFailure';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyMethod = (...args: any[]) => unknown;
type MethodName<T> = { [K in keyof T]: T[K] extends AnyMethod ? K : never }[keyof T] & string;
type ArgsOf<T, K extends MethodName<T>> = T[K] extends (...args: infer A) => unknown ? A : never;

/** Names other code probes an object for (a promise's `then`, tsyringe's `dispose`, matchers…): never methods of the fake. */
const PROBES = new Set(['then', 'catch', 'finally', 'toJSON', 'constructor', 'dispose', 'asymmetricMatch', 'nodeType', '$$typeof']);

/** A call the fake client received. */
export interface FakeApiCall<T> {
  method: MethodName<T>;
  args: readonly unknown[];
}

export interface FakeApi<T> {
  /** The client to register by its token: `services: [[GluonApiToken, fake.api]]`. */
  api: T;
  /** Every call, in order (as `createFakeAxios` records requests). */
  calls: FakeApiCall<T>[];
  /** The arguments of each call of `method`, in order. */
  argsOf<K extends MethodName<T>>(method: K): ArgsOf<T, K>[];
}

/**
 * A plugin's API client faked by its token, so a page test says what the server answers in the
 * client's terms (no URLs: those are the default client's, tested on their own). `methods` answer;
 * any other method rejects as an unknown address would (404), so a page asking more than the test
 * expects shows it.
 */
export function createFakeApi<T extends object>(methods: Partial<T>): FakeApi<T> {
  const calls: FakeApiCall<T>[] = [];
  const given = methods as Record<string, AnyMethod | undefined>;
  const api = new Proxy({} as T, {
    get(_target, property) {
      if (typeof property !== 'string' || (PROBES.has(property) && !(property in given))) return undefined;
      return (...args: unknown[]) => {
        calls.push({ method: property as MethodName<T>, args });
        const answer = given[property];
        return answer ? answer(...args) : Promise.reject(apiFailure(404, `The fake has no ${property}.`));
      };
    },
  });
  return {
    api,
    calls,
    argsOf: <K extends MethodName<T>>(method: K) => calls.filter((call) => call.method === method).map((call) => call.args as ArgsOf<T, K>),
  };
}
