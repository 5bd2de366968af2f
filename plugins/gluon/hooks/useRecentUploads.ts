import { useCallback, useState } from 'react';
import { HttpServiceToken } from '@core/http/HttpService';
import { useService } from '@core/react/useService';
import { useLoader } from '@core/react/useLoader';
import { getUploads } from '../api/getUploads';
import { errorMessage } from './errorMessage';

const POLL_MS = 1500;

/**
 * Recent uploads, polled while one of them is queued or being inspected (the list survives a
 * reload). `allowed`: the token may upload (the list's permission); without it nothing is loaded.
 * `showNewest`: after an accepted upload, loads page 0, where the new inspection is.
 */
export function useRecentUploads(allowed: boolean) {
  const http = useService(HttpServiceToken);
  const [page, setPage] = useState(0);
  const uploads = useLoader(allowed ? String(page) : null, () => getUploads(http, page), { describe: errorMessage, refreshMs: (data) => (data?.items.some((u) => u.status === 'queued' || u.status === 'running') ? POLL_MS : 0) });
  const { reload } = uploads;
  // A new upload is on page 0: only the page shown is polled, and the upload lines follow the
  // inspections it lists, so an older page would leave the new line "queued" forever.
  const showNewest = useCallback(() => {
    setPage(0);
    reload();
  }, [reload]);
  return { uploads, setPage, showNewest };
}
