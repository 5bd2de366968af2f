import { useEffect, useState } from 'react';

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

export const DEVICES_PAGE_SIZE = 20;

/**
 * The devices list: search (debounced, sent to the server) and paging by cursor, so Next reaches
 * every device however many there are (the first page is read without one). `onPrevious` /
 * `onNext` are null at the list's ends.
 */
export function useDevices() {
  const api = useService(GluonApiToken);
  const [search, setSearch] = useState('');
  // The search sent and the page shown change together: a new search starts on the first page, the same one stays where it is.
  const [{ query, at }, setList] = useState<{ query: string; at: CursorPosition }>({ query: '', at: FIRST_PAGE });
  const setAt = (position: CursorPosition) => setList((list) => ({ ...list, at: position }));
  useEffect(() => {
    const timer = setTimeout(
      () => setList((list) => (list.query === search ? list : { query: search, at: FIRST_PAGE })),
      300,
    );
    return () => clearTimeout(timer);
  }, [search]);
  // Each answer carries the position it was read at: the previous page stays shown while the next
  // loads, and Next then goes on from what is shown, not from the position asked.
  const loaded = useLoader(
    gluonKeys.devicePage(query, positionKey(at)),
    () =>
      api
        .getDevices({ size: DEVICES_PAGE_SIZE, search: query, after: at.after, before: at.before })
        .then((page) => ({ page, at })),
    { describe: errorText },
  );
  const shown = loaded.data;
  const next = shown ? nextPosition(shown.at, shown.page) : null;
  const previous = shown ? previousPosition(shown.at, shown.page) : null;
  return {
    search,
    setSearch,
    page: shown ? shownIndex(shown.at, shown.page) : 0,
    onNext: next ? () => setAt(next) : null,
    onPrevious: previous ? () => setAt(previous) : null,
    devices: { data: shown?.page ?? null, error: loaded.error },
  };
}
