/** Spec §1: the profile menu shows only for gluon, electron and neutrino. */
export const PROFILE_MENU_PRODUCTS = ['gluon', 'electron', 'neutrino'] as const;

export function profileMenuVisible(path: string): boolean {
  return PROFILE_MENU_PRODUCTS.some((product) => path === `/${product}` || path.startsWith(`/${product}/`));
}

/** Width of the menu (spec §9). */
export const PROFILE_MENU_WIDTH_PX = 320;
/** "Dropdown opens and closes with a short delay" (spec §2). */
export const PROFILE_MENU_DELAY_MS = 150;
