import { useMemo, useRef, useState } from 'react';

import { readCallFailure } from '@core/http/callFailure';
import { useService } from '@core/react/useService';
import { ToastServiceToken } from '@core/toasts/ToastService';

import type { CollectorApi } from '../api/CollectorApi';
import { downloadErrorMessage } from '../logic/downloadErrorMessage';
import { OS_LABELS } from '../logic/os';
import { type QuickLinkToken, readQuickLinkToken } from '../logic/quickLinkToken';
import { CollectorTexts } from '../logic/texts';

export type QuickDownloadStatus =
  { kind: 'idle' } | { kind: 'running' } | { kind: 'done' } | { kind: 'failed'; message: string };

export interface QuickDownload {
  token: QuickLinkToken;
  status: QuickDownloadStatus;
  download(): Promise<void>;
}

/** The quick-link screen: the OS read from the token, one download. */
export function useQuickDownload(api: CollectorApi, rawToken: string | null): QuickDownload {
  const token = useMemo(() => readQuickLinkToken(rawToken), [rawToken]);
  const [status, setStatus] = useState<QuickDownloadStatus>({ kind: 'idle' });
  const clicked = useRef(false);
  const toasts = useService(ToastServiceToken);

  const download = async () => {
    if (token.kind !== 'ok' || !rawToken || clicked.current) return;
    clicked.current = true;
    setStatus({ kind: 'running' });
    try {
      await api.quickDownload(rawToken, token.os);
      setStatus({ kind: 'done' });
      toasts.success(CollectorTexts.downloadedTitle, CollectorTexts.downloaded(OS_LABELS[token.os]));
    } catch (error) {
      // The token is not single-use: a failed download may be tried again.
      clicked.current = false;
      setStatus({ kind: 'failed', message: downloadErrorMessage(await readCallFailure(error)) });
    }
  };

  return { token, status, download };
}
