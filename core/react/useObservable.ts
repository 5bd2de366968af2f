import { useMemo, useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';

interface ObservableStore<T> {
  subscribe(onChange: () => void): () => void;
  getSnapshot(): T;
}

function createStore<T>(obs$: Observable<T>, initial: T): ObservableStore<T> {
  let value = initial;
  // Our state streams replay their current value synchronously; reading it once up front
  // avoids rendering `initial` and then immediately re-rendering with the real value.
  obs$.subscribe((v) => (value = v)).unsubscribe();
  return {
    subscribe(onChange) {
      const subscription = obs$.subscribe((v) => {
        if (!Object.is(v, value)) {
          value = v;
          onChange();
        }
      });
      return () => subscription.unsubscribe();
    },
    getSnapshot: () => value,
  };
}

/**
 * The latest value of a (hot) state stream, via useSyncExternalStore so concurrent renders never
 * tear. `initial` is used until the stream emits. Memoise piped observables (`useMemo`) so the
 * subscription is not recreated on every render.
 */
export function useObservable<T>(obs$: Observable<T>, initial: T): T {
  // `initial` only matters for the first store of a given stream.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `initial` seeds a new stream's store only; a new initial for the same stream must not resubscribe
  const store = useMemo(() => createStore(obs$, initial), [obs$]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
