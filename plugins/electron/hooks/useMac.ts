import { useState } from 'react';

import { ApiClientToken } from '@core/api/ApiClient';
import { type Loaded, useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';

import { getMac, type MacDetail } from '../api/getMac';
import { getMacTimeline, type MacTimeline, type TimelineKind } from '../api/getMacTimeline';
import { triageHeuristic } from '../api/triageHeuristic';
import { apiMessage } from '../logic/apiMessage';

export const TIMELINE_PAGE_SIZE = 50;

export interface MacState {
  mac: Loaded<MacDetail>;
  timeline: Loaded<MacTimeline>;
  kind: TimelineKind | null;
  setKind(kind: TimelineKind | null): void;
  page: number;
  setPage(page: number): void;
  /** Marks a heuristic benign with why, or reopens it; answers the API's message when it refused. */
  triage(key: string, state: 'benign' | 'open', comment?: string): Promise<string | null>;
}

/** A Mac's page: its report, and its storyline paged and filtered on the server. */
export function useMac(id: string): MacState {
  const api = useService(ApiClientToken);
  const [kind, setKindState] = useState<TimelineKind | null>(null);
  const [page, setPage] = useState(0);
  const mac = useLoader(`electron:mac:${id}`, () => getMac(api, id), { describe: apiMessage });
  const timeline = useLoader(
    `electron:mac:${id}:timeline:${kind ?? ''}:${page}`,
    () => getMacTimeline(api, id, { page, size: TIMELINE_PAGE_SIZE, ...(kind ? { kind } : {}) }),
    { describe: apiMessage },
  );
  return {
    mac,
    timeline,
    kind,
    setKind: (next) => {
      setKindState(next);
      setPage(0);
    },
    page,
    setPage,
    async triage(key, state, comment) {
      try {
        await triageHeuristic(api, id, { key, state, ...(comment ? { comment } : {}) });
        mac.reload();
        return null;
      } catch (failure) {
        return apiMessage(failure);
      }
    },
  };
}
