import type { PluginManifest } from './PluginManifest';

/** What registration depends on; both change with every token (sign-in, refresh, logout). */
export interface AccessContext {
  signedIn: boolean;
  perms: readonly string[];
}

/** True when one of the permissions belongs to one of the module prefixes (`ntr` -> `ntr#...`). */
export function hasAnyPrefix(perms: readonly string[], prefixes: readonly string[]): boolean {
  return perms.some((perm) => prefixes.some((prefix) => perm.startsWith(`${prefix}#`)));
}

/** A product's own rule: a permission of one of its required prefixes, or its derived check. */
export function holdsProduct(
  manifest: Pick<PluginManifest, 'requires' | 'grantedBy'>,
  perms: readonly string[],
): boolean {
  return hasAnyPrefix(perms, manifest.requires) || manifest.grantedBy?.(perms) === true;
}

/**
 * public: always; shell: when signed in; product: when signed in and holdsProduct (a permission
 * of one of the plugin's required module prefixes, or its `grantedBy` check).
 */
export function isPermitted(
  manifest: Pick<PluginManifest, 'kind' | 'requires' | 'grantedBy'>,
  access: AccessContext,
): boolean {
  switch (manifest.kind) {
    case 'public':
      return true;
    case 'shell':
      return access.signedIn;
    case 'product':
      return access.signedIn && holdsProduct(manifest, access.perms);
    default:
      return false;
  }
}
