// What the /console-sdk/ shim of this name re-exports: the host's own instance.
export * from '@core/sdk';
