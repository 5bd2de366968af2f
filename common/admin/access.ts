import { isInspectionAdmin } from '../gluon/access';
import { hasPermission } from '../permissions/hasPermission';

/**
 * User management's derived checks of spec §6 (the `umg` prefix) and the account's own calls.
 * Inspection admin is gluon's rule (./gluonAccess): spec §6 lets it read users too.
 */
type Perms = readonly string[];

/** User write: umg#usr#rw. Also guards the tenant's sign-in settings (Okta) and logo. */
export function canWriteUsers(perms: Perms): boolean {
  return hasPermission(perms, 'umg', 'usr', ['rw']);
}

/**
 * Any user-management access: any umg#usr# permission, or inspection admin. Reads users, their
 * sessions, the audit log, the permission catalogue and the Okta settings (the API called it
 * `canReadUsers`).
 */
export function hasUserManagementAccess(perms: Perms): boolean {
  return hasPermission(perms, 'umg', 'usr', ['r', 'w', 'rw']) || isInspectionAdmin(perms);
}

/**
 * Any permission at all: a user of some product. The re-validation with an identity provider
 * before a two-factor change asks for it; a token without permissions reaches only the calls
 * every session has (refresh, logout, password, logo, environment type).
 */
export function isAnyUser(perms: Perms): boolean {
  return perms.length > 0;
}
