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

/**
 * public: always; shell: when signed in; product: when signed in and the token holds a
 * permission of one of the plugin's required module prefixes.
 */
export function isPermitted(manifest: Pick<PluginManifest, 'kind' | 'requires'>, access: AccessContext): boolean {
  switch (manifest.kind) {
    case 'public':
      return true;
    case 'shell':
      return access.signedIn;
    case 'product':
      return access.signedIn && hasAnyPrefix(access.perms, manifest.requires);
    default:
      return false;
  }
}
