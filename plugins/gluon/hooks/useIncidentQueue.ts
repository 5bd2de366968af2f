import { useEffect, useState } from 'react';

import { errorText } from '@core/http/errorText';
import { useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';

import { GluonApiToken, type IncidentQueueQuery, type QueueSort, type QueueState } from '../api/GluonApi';
import { gluonKeys } from './gluonKeys';

export const QUEUE_PAGE_SIZE = 25;
/** Names read A→Z first; times, severity and state most recent / most severe first. */
const ASCENDING_FIRST: ReadonlySet<QueueSort> = new Set(['family', 'device']);

/**
 * The landing's incident queue: state and owner filters, search (debounced, sent to the server), sort by any
 * column and keyset paging. The server answers a cursor for the next page only, so the pages seen
 * are kept as a stack of cursors: "Previous" pops one. Any change of filter or sort starts over.
 */
export function useIncidentQueue() {
  const api = useService(GluonApiToken);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [state, setState] = useState<QueueState>('active');
  const [sort, setSort] = useState<QueueSort>('updated');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [mine, setMine] = useState(false);
  const [cursors, setCursors] = useState<readonly string[]>([]);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(search);
      setCursors([]);
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);
  const after = cursors.at(-1);
  const request: IncidentQueueQuery = {
    sort,
    order,
    state,
    search: query,
    size: QUEUE_PAGE_SIZE,
    ...(mine ? { owner: 'me' as const } : {}),
    ...(after ? { after } : {}),
  };
  const incidents = useLoader(gluonKeys.incidentQueue(request), () => api.getIncidentQueue(request), {
    describe: errorText,
  });
  const next = incidents.loading ? null : (incidents.data?.next ?? null);
  return {
    search,
    setSearch,
    state,
    setState: (value: QueueState) => {
      setState(value);
      setCursors([]);
    },
    /** Only the incidents the user owns ("Assigned to me"). */
    mine,
    setMine: (value: boolean) => {
      setMine(value);
      setCursors([]);
    },
    sort,
    order,
    /** The same column again flips the order; another column starts in its natural order. */
    sortBy: (key: QueueSort) => {
      if (key === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
      else {
        setSort(key);
        setOrder(ASCENDING_FIRST.has(key) ? 'asc' : 'desc');
      }
      setCursors([]);
    },
    incidents,
    page: cursors.length,
    hasNext: next !== null,
    nextPage: () => {
      if (next) setCursors([...cursors, next]);
    },
    previousPage: () => setCursors(cursors.slice(0, -1)),
  };
}
