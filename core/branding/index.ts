export * from './BrandingService';
export { DefaultBrandingService } from './DefaultBrandingService';
