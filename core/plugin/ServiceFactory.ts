import type { ServiceToken } from '../di/ServiceToken';

// A token's type parameter only describes what it resolves to, so any token is a ServiceToken<unknown>.
type AnyToken = ServiceToken<unknown>;

/** Tokens a factory needs, by the name its `factory` receives them under. */
export type ServiceDeps = Readonly<Record<string, AnyToken>>;

/** `{ permissions: PermissionsServiceToken }` -> `{ permissions: PermissionsService }`. */
export type ResolvedDeps<D extends ServiceDeps> = {
  [K in keyof D]: D[K] extends ServiceToken<infer T> ? Exclude<T, undefined> : never;
};

/**
 * How a plugin contributes a service (Backstage's `createApiFactory`): the token it provides,
 * the tokens it depends on, and a factory called once per plugin container with those resolved.
 */
export interface ServiceFactory<T, D extends ServiceDeps = ServiceDeps> {
  token: ServiceToken<T>;
  deps: D;
  factory: (deps: ResolvedDeps<D>) => T;
}

/** A manifest's list holds factories of different services and deps, each checked by `createServiceFactory`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each `factory` takes its own deps (a parameter): only any holds them all
export type AnyServiceFactory = ServiceFactory<any, any>;

/** Identity helper: checks that the factory returns what the token promises, with typed deps. */
export function createServiceFactory<T, D extends ServiceDeps>(factory: ServiceFactory<T, D>): ServiceFactory<T, D> {
  return factory;
}
