/**
 * Pure permission predicates (spec section 6) for `app.authenticate({ allow })`: each takes
 * the token's perms and answers, so routes declare their guard next to the route.
 */

/** Inspection (gluon) admin: gln#rpt#rw, gln#cfg#rw and gln#fl#rw together. */
export function isGluonAdmin(perms: readonly string[]): boolean {
  return ['gln#rpt#rw', 'gln#cfg#rw', 'gln#fl#rw'].every((p) => perms.includes(p));
}

/** Any user-management access: any umg#usr# permission, or full inspection admin. */
export function canReadUsers(perms: readonly string[]): boolean {
  return perms.some((p) => p.startsWith('umg#usr#')) || isGluonAdmin(perms);
}

/** User write: umg#usr#rw. Also guards the tenant logo, a user-management setting. */
export function canWriteUsers(perms: readonly string[]): boolean {
  return perms.includes('umg#usr#rw');
}

/** Collector (extractor) links are read with any gln#ext# permission or as gluon admin. */
export function canReadCollectorLinks(perms: readonly string[]): boolean {
  return perms.some((p) => p.startsWith('gln#ext#')) || isGluonAdmin(perms);
}

/** Creating or changing a collector link needs gln#ext#w or gln#ext#rw (or gluon admin). */
export function canWriteCollectorLinks(perms: readonly string[]): boolean {
  return perms.includes('gln#ext#w') || perms.includes('gln#ext#rw') || isGluonAdmin(perms);
}

/** Any permission of any module: every signed-in product user may write to support. */
export function isAnyUser(perms: readonly string[]): boolean {
  return perms.length > 0;
}
