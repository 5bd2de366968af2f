export * from './PermissionsService';
export { DefaultPermissionsService } from './DefaultPermissionsService';
// The rules live in common/ (shared with the API); import them from there. Re-exported for old callers.
export { parsePermission } from '@common/permissions/parsePermission';
export * from '@common/permissions/hasPermission';
export * from '@common/permissions/grants';
