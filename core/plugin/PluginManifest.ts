import type { ComponentType, ReactNode } from 'react';

import type { AnyServiceFactory } from './ServiceFactory';

/**
 * product: one of the suite's modules, registered when the token holds one of its prefixes.
 * public:  pre-login flows (login, invite, reset password...), always registered.
 * shell:   pieces of the signed-in shell (2FA set-up, profile menu items), registered when signed in.
 */
export type PluginKind = 'product' | 'public' | 'shell';

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

/**
 * `true` renders the route; a string redirects there; `null` passes: the route does not apply
 * to this visit and matching goes on (intro claims '/' only for links carrying a token, so '' is
 * otherwise decided by the products' landing).
 */
export type RouteGuard = (context: GuardContext) => true | string | null;

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
  /**
   * Another plugin whose `frame` the page sits in when that plugin is registered (gluon's
   * collector links at /admin/collector-links keep Administration's side navigation); alone otherwise.
   */
  frame?: string;
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
  /**
   * The user's own account (options, two-factor), not a product's: listed on every signed-in page.
   * Other sections show only on the pages whose profile menu is full (spec §1: gluon, electron,
   * neutrino); an administration-only user must still find their password and second factor.
   */
  account?: boolean;
}

/** Facts a sign-in redirect claim decides on (spec §4); pure, so the rules are table-tested. */
export interface SignInFacts {
  perms: readonly string[];
  /** GET /um/environmentType answer, e.g. 'saas'; null when unknown. */
  envType: string | null;
}

/** A product's own post-sign-in rule, e.g. gluon's "uploaders go to /gluon/upload". */
export interface SignInClaim {
  /** Route path, resolved like a route's: '' is the product root, 'upload' is `/{id}/upload`. */
  target: string;
  when: (facts: SignInFacts) => boolean;
}

/** Where users of a product land: `''` (spec §2) and the post-sign-in redirect (spec §4). */
export interface ProductLanding {
  /** Route path of the landing page, resolved like a route's; defaults to '' (`/{id}`). */
  root?: string;
  /** Lower wins when several products could receive a user; the lowest suite product is the suite's home. */
  rank: number;
  /**
   * One of the suite's modules (spec §6 "module enabled"): users of exactly one suite product
   * land on it after sign-in, and `''` sends users of any suite product to the suite's home.
   */
  suite?: boolean;
  /** Checked first, in rank order, for users this product permits. */
  signInClaims?: readonly SignInClaim[];
}

/** A product rule hiding other plugins' profile-menu sections, e.g. uploaders see no contact (spec §6). */
export interface ProfileMenuRule {
  /** Contribution ids, e.g. 'contact', 'feature-request'. */
  hide: readonly string[];
  when: (perms: readonly string[]) => boolean;
}

/** Shown in the products header (spec §1). */
export interface ProductMetadata {
  /** Label, e.g. 'Gluon'. */
  name: string;
  /** Order in the products header. */
  order: number;
  description?: string;
  /** Spec §1: "the products header shows when neutrino is enabled" (neutrino sets it). */
  showsProductsHeader?: boolean;
}

export interface PluginManifest {
  /** Lower-case, unique; also the base path `/{id}`. */
  id: string;
  title: string;
  kind: PluginKind;
  /**
   * Permission prefixes (spec §1 module prefixes) this plugin introduces, e.g. gluon `['gln']`.
   * Each prefix is declared by exactly one manifest; core keeps no list of them.
   */
  prefixes?: readonly string[];
  /**
   * For products: registered when a permission starts with `{prefix}#` for any of these. Any
   * prefix some known manifest declares (its own, or another's, as the rules repository needs gluon's).
   */
  requires: readonly string[];
  /**
   * For products: a derived check (spec §6) that registers the product for a token holding none
   * of `requires`, e.g. administration for a full inspection admin. It reads permission strings
   * only, so the manifest stays small data for the host's first load.
   */
  grantedBy?: (perms: readonly string[]) => boolean;
  routes: readonly PluginRoute[];
  header?: readonly HeaderContribution[];
  profileMenu?: readonly ProfileMenuContribution[];
  product?: ProductMetadata;
  /** For products: where its users land after sign-in and on `''`. */
  landing?: ProductLanding;
  /** Rules this product applies to the profile menu of its users. */
  profileMenuRules?: readonly ProfileMenuRule[];
  /**
   * The plugin's own services, `() => import('./services/xServices').then((m) => m.xServices)`:
   * loaded with its page chunk (a product's never in the first load; a public first screen's
   * before it renders) and registered in a per-plugin child container, where tokens the host
   * already has (a harness's fakes) win.
   */
  services?: () => Promise<readonly AnyServiceFactory[]>;
  /**
   * The plugin's page frame (its side navigation) around another plugin's route that names it in
   * `frame`: a lazy component with the page as children, rendered with this plugin's services.
   */
  frame?: LazyComponent<{ children: ReactNode }>;
}

/** Identity helper that keeps literal types and documents intent at the call site. */
export function definePlugin(manifest: PluginManifest): PluginManifest {
  return manifest;
}
