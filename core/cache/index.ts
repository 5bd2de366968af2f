export * from './LoaderCache';
export { DefaultLoaderCache } from './DefaultLoaderCache';
export { loaderCacheFactory } from './loaderCacheFactory';
