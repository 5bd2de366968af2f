// What the /console-sdk/ shim of this name re-exports: the host's own instance (see ../sharedModules.ts).
// The names the console itself runs (a name nothing of the console uses would add its code to
// every first load, the index being shared): a plugin needing another operator bundles it from
// rxjs/operators itself or builds it from these.
export {
  AsyncSubject,
  BehaviorSubject,
  combineLatest,
  concat,
  concatMap,
  defer,
  distinctUntilChanged,
  EMPTY,
  filter,
  firstValueFrom,
  from,
  map,
  mergeMap,
  Observable,
  of,
  pipe,
  ReplaySubject,
  share,
  shareReplay,
  skip,
  startWith,
  Subject,
  Subscription,
  switchMap,
  timer,
} from 'rxjs';
