export { DefaultLoaderCache } from './DefaultLoaderCache';
export * from './LoaderCache';
export { loaderCacheFactory } from './loaderCacheFactory';
