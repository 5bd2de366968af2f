export { BrowserNavigationService } from './BrowserNavigationService';
export { MemoryNavigationService } from './MemoryNavigationService';
export * from './NavigationService';
export { splitLocation } from './splitLocation';
export { createNavigationLocationHook, createNavigationSearchHook } from './wouterHooks';
