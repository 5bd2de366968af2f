export * from './StorageService';
export { BrowserStorageService } from './BrowserStorageService';
