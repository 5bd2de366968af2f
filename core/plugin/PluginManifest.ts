import type { ComponentType } from 'react';

/**
 * product: one of the suite's modules, registered when the token holds one of its prefixes.
 * public:  pre-login flows (login, invite, reset password...), always registered.
 * shell:   pieces of the signed-in shell (2FA set-up, profile menu items), registered when signed in.
 */
export type PluginKind = 'product' | 'public' | 'shell';

/** Module prefixes of spec §1; the registry rejects any other. */
export const KNOWN_PERMISSION_PREFIXES = ['gln', 'elc', 'ntr', 'mnt', 'umg'] as const;
export type PermissionPrefix = (typeof KNOWN_PERMISSION_PREFIXES)[number];

/** What a page receives from the router. */
export interface PageProps {
  /** Route parameters, e.g. `{ deviceId }` for `/devices/:deviceId`. */
  params: Record<string, string | undefined>;
}

/** A lazily loaded module whose default export is a component; esbuild makes each a chunk. */
export type LazyComponent<P = object> = () => Promise<{ default: ComponentType<P> }>;

/** Facts a guard decides on; guards are pure so they can be table-tested. */
export interface GuardContext {
  perms: readonly string[];
  signedIn: boolean;
  /** Pathname being entered. */
  path: string;
  /** Query string without `?`. */
  search: string;
}

/** `true` renders the route; a string redirects there. */
export type RouteGuard = (context: GuardContext) => true | string;

export interface PluginRoute {
  /**
   * wouter pattern. A leading `/` makes it absolute (`/devices/:deviceId`); otherwise it is
   * mounted under the plugin's base path `/{id}` ('' is the plugin root).
   */
  path: string;
  /** `() => import('./pages/X')`. */
  page: LazyComponent<PageProps>;
  /** Declared next to the route, checked before the page chunk is fetched. */
  guard?: RouteGuard;
  /** Shell chrome around the page: 'full' (top bar) or 'bare' (public pages). Defaults by kind. */
  layout?: 'full' | 'bare';
}

export type HeaderSlot = 'start' | 'center' | 'end';

export interface HeaderContribution {
  id: string;
  slot: HeaderSlot;
  /** Lower comes first within the slot. */
  order: number;
  component: LazyComponent;
}

export interface ProfileMenuContribution {
  id: string;
  order: number;
  label: string;
  /** Section body rendered inside the 320 px profile menu. */
  component: LazyComponent<{ close(): void }>;
  /** Hidden for some users (e.g. uploaders do not see contact / feature request). */
  visible?: (perms: readonly string[]) => boolean;
}

/** Shown in the products header (spec §1). */
export interface ProductMetadata {
  /** Label, e.g. 'Gluon'. */
  name: string;
  /** Order in the products header. */
  order: number;
  description?: string;
}

export interface PluginManifest {
  /** Lower-case, unique; also the base path `/{id}`. */
  id: string;
  title: string;
  kind: PluginKind;
  /** For products: registered when a permission starts with `{prefix}#` for any of these. */
  requires: readonly string[];
  routes: readonly PluginRoute[];
  header?: readonly HeaderContribution[];
  profileMenu?: readonly ProfileMenuContribution[];
  product?: ProductMetadata;
}

/** Identity helper that keeps literal types and documents intent at the call site. */
export function definePlugin(manifest: PluginManifest): PluginManifest {
  return manifest;
}
