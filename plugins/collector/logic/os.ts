import type { CollectorOs } from '../api/CollectorApi';

export const OS_LABELS: Record<CollectorOs, string> = { WIN: 'Windows', MAC: 'macOS' };

export function isCollectorOs(value: unknown): value is CollectorOs {
  return value === 'WIN' || value === 'MAC';
}

/** What the browser says it runs on: the newer userAgentData first, then the classic platform. */
interface PlatformSource {
  platform?: string;
  userAgentData?: { platform?: string };
}

/** Spec §2: macOS by default when the browser platform says Mac, Windows otherwise. */
export function defaultOs(
  source: PlatformSource | undefined = typeof navigator === 'undefined' ? undefined : (navigator as PlatformSource),
): CollectorOs {
  const platform = source?.userAgentData?.platform || source?.platform || '';
  return /mac/i.test(platform) ? 'MAC' : 'WIN';
}

/** Used only when the answer names no file (the server sends Content-Disposition). */
export function fallbackFileName(os: CollectorOs): string {
  return os === 'WIN' ? 'connector-windows.exe' : 'connector-macos.pkg';
}
