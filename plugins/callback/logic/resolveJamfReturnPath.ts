import { resolveProductReturnPath } from '@common/navigation/safeReturnPath';

/** The vendor IdP serves gluon: its sign-ins return under gluon's root (spec §4). */
export const JAMF_PRODUCT_ROOT = '/gluon';

/**
 * The vendor-IdP handler's rule (spec §4): full URL or unsafe -> /gluon; absent or '/' -> /gluon;
 * a path without 'gluon' is prefixed with /gluon. (Moved from core/auth: core names no product.)
 */
export function resolveJamfReturnPath(raw: string | null | undefined): string {
  return resolveProductReturnPath(raw, JAMF_PRODUCT_ROOT);
}
