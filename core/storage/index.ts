export { BrowserStorageService } from './BrowserStorageService';
export * from './StorageService';
