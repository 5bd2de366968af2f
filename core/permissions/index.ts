export { DefaultPermissionsService } from './DefaultPermissionsService';
export * from './PermissionsService';
// The rules live in common/ (shared with the API); import them from there. Re-exported for old callers.
export * from '@common/permissions/grants';
export * from '@common/permissions/hasPermission';
export { parsePermission } from '@common/permissions/parsePermission';
