import type { ServiceToken } from './ServiceToken';

/**
 * tsyringe types `resolve` by `InjectionToken<T>`, whose `symbol` branch carries no `T`, so
 * `container.resolve(SessionServiceToken)` was `unknown`. This overload reads the token's phantom
 * type: `container.resolve(token)` returns the service interface without casts.
 */
declare module 'tsyringe/dist/typings/types/dependency-container' {
  export default interface DependencyContainer {
    resolve<T>(token: ServiceToken<T>): T;
  }
}

export {};
