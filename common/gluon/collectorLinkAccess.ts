import { hasPermission } from '../permissions/hasPermission';
import { isInspectionAdmin } from './access';

/**
 * Gluon's collector (extractor) links: the links page, its installer downloads and quick links.
 * The spec does not list them in §6; they are gluon's `ext` resource.
 */
type Perms = readonly string[];

/** Read (the links page, installs, the enterprise installer): any gln#ext# permission, or inspection admin. */
export function canReadCollectorLinks(perms: Perms): boolean {
  return hasPermission(perms, 'gln', 'ext', ['r', 'w', 'rw']) || isInspectionAdmin(perms);
}

/**
 * Create and change links, mint quick links: gln#ext#w or rw, or inspection admin. The console's
 * copy also asked for new-inspection access; both ways of getting here already give it (ext w/rw
 * is new-inspection access, and so is the admin's gln#fl#rw), so the API's shorter form is kept.
 */
export function canWriteCollectorLinks(perms: Perms): boolean {
  return hasPermission(perms, 'gln', 'ext', ['w', 'rw']) || isInspectionAdmin(perms);
}
