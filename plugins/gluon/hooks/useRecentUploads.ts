import { useCallback, useState } from 'react';

import { errorText } from '@core/http/errorText';
import {
  type CursorPosition,
  FIRST_PAGE,
  nextPosition,
  positionKey,
  previousPosition,
  shownIndex,
} from '@core/paging/cursorPaging';
import { useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';

import { GluonApiToken } from '../api/GluonApi';
import { gluonKeys } from './gluonKeys';

const POLL_MS = 1500;
const PAGE_SIZE = 20;

/**
 * Recent uploads, polled while one of them is queued or being inspected (the list survives a
 * reload), paged by cursor so Older reaches the first upload however many there are.
 * `allowed`: the token may upload (the list's permission); without it nothing is loaded.
 * `showNewest`: after an accepted upload, shows the first page, where the new inspection is (the
 * upload invalidates the list, which loads again). `onPrevious` / `onNext` are null at the ends.
 */
export function useRecentUploads(allowed: boolean) {
  const api = useService(GluonApiToken);
  const [at, setAt] = useState<CursorPosition>(FIRST_PAGE);
  // Each answer carries the position it was read at: the previous page stays shown while the next
  // loads, and Older then goes on from what is shown, not from the position asked.
  const loaded = useLoader(
    allowed ? gluonKeys.uploadPage(positionKey(at)) : null,
    () => api.getUploads({ size: PAGE_SIZE, after: at.after, before: at.before }).then((page) => ({ page, at })),
    {
      describe: errorText,
      refreshMs: (data) =>
        data?.page.items.some((u) => u.status === 'queued' || u.status === 'running') ? POLL_MS : 0,
    },
  );
  // A new upload is on the first page: only the page shown is polled, and the upload lines follow
  // the inspections it lists, so an older page would leave the new line "queued" forever.
  const showNewest = useCallback(() => setAt(FIRST_PAGE), []);
  const shown = loaded.data;
  const next = shown ? nextPosition(shown.at, shown.page) : null;
  const previous = shown ? previousPosition(shown.at, shown.page) : null;
  return {
    uploads: { data: shown?.page ?? null, error: loaded.error },
    page: shown ? shownIndex(shown.at, shown.page) : 0,
    onNext: next ? () => setAt(next) : null,
    onPrevious: previous ? () => setAt(previous) : null,
    showNewest,
  };
}
