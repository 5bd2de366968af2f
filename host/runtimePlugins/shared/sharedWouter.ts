// What the /console-sdk/ shim of this name re-exports: the host's own instance (see ../sharedModules.ts).
// What the console itself runs (see sharedRxjs.ts): the address as the console's router sees it.
// A plugin links with the SDK's AppLink and navigates with NavigationService.
export { matchRoute, Redirect, Router, useLocation, useRouter, useSearch } from 'wouter';
