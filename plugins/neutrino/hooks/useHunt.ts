import { useState } from 'react';

import { errorText } from '@core/http/errorText';
import { useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';

import { type HuntQuery, NeutrinoApiToken } from '../api/NeutrinoApi';
import { neutrinoKeys } from './neutrinoKeys';

export const HUNT_PAGE_SIZE = 25;

export type HuntCriteria = Omit<HuntQuery, 'cursor' | 'size'>;

/**
 * The hunt: the criteria searched (null until the first search) and keyset paging. The cursors
 * of the pages seen are kept, so "Previous" goes back without the server counting offsets.
 */
export function useHunt() {
  const api = useService(NeutrinoApiToken);
  const [criteria, setCriteria] = useState<HuntCriteria | null>(null);
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const query: HuntQuery | null = criteria
    ? { ...criteria, size: HUNT_PAGE_SIZE, ...(cursor ? { cursor } : {}) }
    : null;
  const page = useLoader(query ? neutrinoKeys.hunt(query) : null, () => api.hunt(query!), { describe: errorText });
  return {
    criteria,
    page,
    pageNumber: cursors.length + 1,
    search(next: HuntCriteria) {
      setCriteria(next);
      setCursors([]);
    },
    next() {
      const nextCursor = page.data?.nextCursor;
      if (nextCursor) setCursors((list) => [...list, nextCursor]);
    },
    previous() {
      setCursors((list) => list.slice(0, -1));
    },
    exportCsv: () => (criteria ? api.exportHunt(criteria) : Promise.resolve()),
  };
}
