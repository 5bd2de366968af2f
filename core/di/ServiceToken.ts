/**
 * A typed injection token. tsyringe resolves by symbol; the phantom type lets
 * `useService(token)` and `container.resolve(token)` return the right interface
 * without casts (the Backstage "ApiRef" idea).
 */
export type ServiceToken<T> = symbol & { readonly __service?: T };

export function createServiceToken<T>(id: string): ServiceToken<T> {
  return Symbol.for(`console.${id}`) as ServiceToken<T>;
}
