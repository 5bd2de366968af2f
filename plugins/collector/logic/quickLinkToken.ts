import { decodeClaims, isExpired } from '@core/session/decodeClaims';

import type { CollectorOs } from '../api/CollectorApi';
import { isCollectorOs } from './os';

export type QuickLinkToken = { kind: 'ok'; os: CollectorOs } | { kind: 'expired' } | { kind: 'invalid' };

/**
 * Reads the quick-link token's `os` claim for display. Never a security check: the API verifies
 * the token when the download is asked for; this only spares a visitor a doomed click.
 */
export function readQuickLinkToken(token: string | null, now = Date.now()): QuickLinkToken {
  const claims = decodeClaims(token);
  if (!claims || !isCollectorOs(claims.os)) return { kind: 'invalid' };
  if (isExpired(claims, now)) return { kind: 'expired' };
  return { kind: 'ok', os: claims.os };
}
