import { safeReturnPathOrDefault } from '@common/navigation/safeReturnPath';

import { holdsProduct } from './isPermitted';
import type { PluginManifest, ProductLanding } from './PluginManifest';
import type { SignInTargetInput } from './PluginRegistry';
import { resolveRoutePath } from './resolveRoutes';

/** A product manifest with its landing, and the landing root resolved to an absolute path. */
interface Landing {
  manifest: PluginManifest;
  landing: ProductLanding;
  root: string;
}

/** Products that declare a landing, best rank first (manifest order breaks ties). */
function landings(known: readonly PluginManifest[]): Landing[] {
  return known
    .filter((manifest) => manifest.kind === 'product' && manifest.landing)
    .map((manifest) => ({
      manifest,
      landing: manifest.landing!,
      root: resolveRoutePath(manifest.id, manifest.landing!.root ?? ''),
    }))
    .sort((a, b) => a.landing.rank - b.landing.rank);
}

const permits = (perms: readonly string[]) => (entry: Landing) => holdsProduct(entry.manifest, perms);

/**
 * The suite's home: the best-ranked suite product this console knows, permitted or not
 * (spec §2 "a guard sends users with a token to /gluon"; spec §9 "default return path").
 */
export function suiteHome(known: readonly PluginManifest[]): string | null {
  return landings(known).find((entry) => entry.landing.suite)?.root ?? null;
}

/** Spec §6 "module enabled": a suite product (gluon, neutrino, electron here) permits the user. */
export function suiteProductEnabled(known: readonly PluginManifest[], perms: readonly string[]): boolean {
  return landings(known).some((entry) => entry.landing.suite && permits(perms)(entry));
}

/**
 * Where `''` sends a signed-in user: the suite's home when a suite product permits them
 * (spec §2), else the best-ranked product that does (a monitoring-only user lands on
 * monitoring), else null (no product for this account).
 */
export function landingFor(known: readonly PluginManifest[], perms: readonly string[]): string | null {
  if (suiteProductEnabled(known, perms)) return suiteHome(known);
  return landings(known).find(permits(perms))?.root ?? null;
}

/**
 * Post-sign-in redirect (spec §4): the permitted products' own claims first, in rank order
 * (gluon: uploaders -> /gluon/upload, SaaS-only users -> /gluon); then users of exactly one
 * suite product go to its root; otherwise the return URL, an unsafe or absent one replaced by
 * the user's landing (the suite's home, /gluon, for this console's suite users).
 */
export function signInTarget(
  known: readonly PluginManifest[],
  { perms, envType, returnUrl }: SignInTargetInput,
): string {
  const permitted = landings(known).filter(permits(perms));
  for (const { manifest, landing } of permitted) {
    const claim = landing.signInClaims?.find((candidate) => candidate.when({ perms, envType }));
    if (claim) return resolveRoutePath(manifest.id, claim.target);
  }
  const suite = new Set(permitted.filter((entry) => entry.landing.suite).map((entry) => entry.root));
  if (suite.size === 1) return [...suite][0]!;
  return safeReturnPathOrDefault(returnUrl, landingFor(known, perms) ?? suiteHome(known) ?? '/');
}
