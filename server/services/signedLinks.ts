import { collectorPaths } from '@common/collector/paths';
import { unsubscribePaths } from '@common/unsubscribe/paths';

import type { TokenService } from '../contracts';
import type { InstallerOs } from '../modules/gluon/public';

/** Default lifetimes of the signed links the operator mints (documented in server/ARCHITECTURE.md). */
export const QUICK_LINK_TTL_S = 7 * 24 * 3600;
export const UNSUBSCRIBE_LINK_TTL_S = 30 * 24 * 3600;

/**
 * A quick-link token (typ 'quick-link', claim os) for one tenant, and the console page that
 * uses it: `/collector/quick?tokenquick=...` (the wizard reads the token from the query).
 */
export async function mintQuickLink(
  tokens: TokenService,
  publicUrl: string,
  input: { tenantId: string; os: InstallerOs; ttlSeconds?: number },
): Promise<{ token: string; url: string; downloadUrl: string }> {
  const token = await tokens.sign(
    'quick-link',
    { tenant: input.tenantId, os: input.os },
    input.ttlSeconds ?? QUICK_LINK_TTL_S,
  );
  return {
    token,
    url: `${publicUrl}${collectorPaths.quick(token)}`,
    downloadUrl: `${publicUrl}/gluon-backend/extractors/quickdownload`,
  };
}

/**
 * An unsubscribe token (typ 'unsubscribe') naming the recipient and the notification, and the
 * console page `/unsubscribe?jwt=...` that posts it back.
 */
export async function mintUnsubscribeLink(
  tokens: TokenService,
  publicUrl: string,
  input: { tenantId: string | null; email: string; notification: string; ttlSeconds?: number },
): Promise<{ token: string; url: string }> {
  const token = await tokens.sign(
    'unsubscribe',
    { tenant: input.tenantId, email: input.email.toLowerCase(), notification: input.notification },
    input.ttlSeconds ?? UNSUBSCRIBE_LINK_TTL_S,
  );
  return { token, url: `${publicUrl}${unsubscribePaths.page(token)}` };
}
