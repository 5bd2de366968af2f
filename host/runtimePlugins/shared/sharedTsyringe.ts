// What the /console-sdk/ shim of this name re-exports: the host's own instance (see ../sharedModules.ts).
// What the console itself runs (see sharedRxjs.ts): containers, the decorators with explicit
// tokens (esbuild emits no decorator metadata), factories and lifecycles.
export { container, delay, inject, injectable, instanceCachingFactory, Lifecycle } from 'tsyringe';
