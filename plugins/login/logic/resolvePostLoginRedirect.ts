import { hasPrefix, isSaasVariant, isUploader } from '@core/permissions/checks';
import { safeReturnPathOrDefault } from '@core/auth/safeReturnPath';

export interface PostLoginInput {
  perms: readonly string[];
  /** GET /um/environmentType answer, e.g. 'saas'; null when unknown. */
  envType: string | null;
  /** Untrusted: from the address bar or the OAuth state. */
  returnUrl: string | null | undefined;
}

/** Product roots by module prefix (spec §2), in the products' usual order. */
const PRODUCT_ROOTS: ReadonlyArray<readonly [prefix: string, root: string]> = [
  ['gln', '/gluon'],
  ['ntr', '/neutrino'],
  ['elc', '/electron'],
];

/**
 * Where a freshly signed-in user lands (spec §4): uploaders -> /gluon/upload; SaaS-only gluon
 * users (SaaS environment and the SaaS permission variant) or users of exactly one product ->
 * that product root; otherwise the return URL, with absolute or unsafe ones replaced by /gluon.
 */
export function resolvePostLoginRedirect({ perms, envType, returnUrl }: PostLoginInput): string {
  if (isUploader(perms)) return '/gluon/upload';
  const products = PRODUCT_ROOTS.filter(([prefix]) => hasPrefix(perms, prefix));
  const hasGluon = products.some(([prefix]) => prefix === 'gln');
  if (hasGluon && envType?.toLowerCase() === 'saas' && isSaasVariant(perms)) return '/gluon';
  if (products.length === 1) return products[0]![1];
  return safeReturnPathOrDefault(returnUrl);
}
