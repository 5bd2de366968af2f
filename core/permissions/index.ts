export * from './PermissionsService';
export { DefaultPermissionsService } from './DefaultPermissionsService';
export { parsePermission } from './parsePermission';
export * from './checks';
export * from './grants';
