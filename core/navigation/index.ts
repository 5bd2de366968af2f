export * from './NavigationService';
export { BrowserNavigationService } from './BrowserNavigationService';
export { MemoryNavigationService } from './MemoryNavigationService';
export { createNavigationLocationHook, createNavigationSearchHook } from './wouterHooks';
export { splitLocation } from './splitLocation';
