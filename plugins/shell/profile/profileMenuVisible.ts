/** Spec §1: the profile menu shows only for gluon, electron and neutrino. */
export const PROFILE_MENU_PRODUCTS = ['gluon', 'electron', 'neutrino'] as const;

/** A product's own routes outside its base path (gluon's `/devices/:deviceId`), from its manifest. */
export interface ProductRoutes {
  id: string;
  routes: readonly { path: string; frame?: string }[];
}

/** Whether an absolute wouter pattern (`/devices/:deviceId`) matches a path; relative patterns are under the base path already. */
function matchesPattern(pattern: string, path: string): boolean {
  if (!pattern.startsWith('/')) return false;
  const want = pattern.split('/');
  const have = path.split('/');
  return (
    want.length === have.length &&
    want.every((segment, i) =>
      segment.startsWith(':') ? have[i] !== '' : segment.toLowerCase() === have[i]!.toLowerCase(),
    )
  );
}

/**
 * The full menu on gluon's, electron's and neutrino's pages: under their base path, and on the
 * pages they declare elsewhere (gluon's `/devices/{id}` and `/incident-management/{id}` are gluon
 * pages too, spec §1), read from the registered manifests.
 */
export function profileMenuVisible(path: string, plugins: readonly ProductRoutes[] = []): boolean {
  if (PROFILE_MENU_PRODUCTS.some((product) => path === `/${product}` || path.startsWith(`/${product}/`))) return true;
  return plugins.some(
    (plugin) =>
      (PROFILE_MENU_PRODUCTS as readonly string[]).includes(plugin.id) &&
      plugin.routes.some((route) => matchesPattern(route.path, path)),
  );
}

/**
 * Whether a path is one of the product's pages: under its base path, or one of its absolute
 * routes (gluon's `/devices/{id}`) — not a route it shows in another plugin's frame
 * (`/admin/collector-links` is Administration's place in the menu).
 */
export function productOwnsPath(plugin: ProductRoutes, path: string): boolean {
  const base = `/${plugin.id}`;
  if (path === base || path.startsWith(`${base}/`)) return true;
  return plugin.routes.some((route) => !route.frame && matchesPattern(route.path, path));
}

/** Width of the menu (spec §9). */
export const PROFILE_MENU_WIDTH_PX = 320;
/**
 * The dropdown's box: 320 px outside, border and padding included. Inline, because Blueprint's
 * compact card padding (`.bp6-card.bp6-compact`, 16 px a side) outranks a class of ours and made
 * the menu 352 px wide around a 320 px panel.
 */
export const PROFILE_MENU_BOX = { width: PROFILE_MENU_WIDTH_PX, padding: 0, boxSizing: 'border-box' } as const;
/** "Dropdown opens and closes with a short delay" (spec §2). */
export const PROFILE_MENU_DELAY_MS = 150;
