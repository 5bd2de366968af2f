import { useCallback, useState } from 'react';
import { useService } from '@core/react/useService';
import { useLoader } from '@core/react/useLoader';
import { GluonApiToken } from '../api/GluonApi';
import { errorMessage } from './errorMessage';
import { gluonKeys } from './gluonKeys';

const POLL_MS = 1500;
const PAGE_SIZE = 20;

/**
 * Recent uploads, polled while one of them is queued or being inspected (the list survives a
 * reload). `allowed`: the token may upload (the list's permission); without it nothing is loaded.
 * `showNewest`: after an accepted upload, shows page 0, where the new inspection is (the upload
 * invalidates the list, which loads again).
 */
export function useRecentUploads(allowed: boolean) {
  const api = useService(GluonApiToken);
  const [page, setPage] = useState(0);
  const uploads = useLoader(allowed ? gluonKeys.uploadPage(page) : null, () => api.getUploads(page, PAGE_SIZE), {
    describe: errorMessage,
    refreshMs: (data) => (data?.items.some((u) => u.status === 'queued' || u.status === 'running') ? POLL_MS : 0),
  });
  // A new upload is on page 0: only the page shown is polled, and the upload lines follow the
  // inspections it lists, so an older page would leave the new line "queued" forever.
  const showNewest = useCallback(() => setPage(0), []);
  return { uploads, setPage, showNewest };
}
