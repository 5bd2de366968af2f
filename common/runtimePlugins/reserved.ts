import { PRODUCTS } from '../products';

/**
 * First path segments a runtime plugin's id may not take: the built-in plugins' routes and the
 * API's and build's own folders. The server adds the routes of the build it serves
 * (route-modules.json) and the permission prefixes of its catalogue.
 */
export const RESERVED_PLUGIN_IDS: readonly string[] = [
  ...PRODUCTS.map((product) => product.id),
  'admin',
  'callback',
  'collector',
  'config',
  'devices',
  'incident-management',
  'intro',
  'invite',
  'login',
  'mfa-setup',
  'reset-password',
  'resetPassword',
  'shell',
  'unsubscribe',
  'welcome',
  'api',
  'assets',
  'chunks',
  'console-sdk',
  'dev',
  'openapi',
  'plugins',
  'plugins-backend',
  'scim',
  'um',
];

/** Permission prefixes of the built-in products: a runtime plugin introduces its own. */
export const RESERVED_PERMISSION_PREFIXES: readonly string[] = [
  ...new Set([...PRODUCTS.map((product) => product.permissionPrefix), 'umg']),
];
