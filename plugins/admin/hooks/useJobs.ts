import { ApiClientToken } from '@core/api/ApiClient';
import { type Loaded, useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';

import { getJobOverview, type JobOverview } from '../api/getJobOverview';
import { retryFailedJob } from '../api/retryFailedJob';
import { apiMessage } from '../logic/apiMessage';
import { type Action, useAction } from './useAction';
import { pageParam, useQueryState } from './useQueryState';

const KEYS = ['page'] as const;

export interface JobsState {
  overview: Loaded<JobOverview>;
  /** The failed jobs' page (0-based), kept in the query string. */
  page: number;
  goTo(page: number): void;
  retry: Action;
  /** Queues a failed job again, then reloads the counts and the list. */
  retryJob(id: string): Promise<void>;
}

/** The jobs page's logic: the overview of the page in the address, and the retry of one failed job. */
export function useJobs(): JobsState {
  const api = useService(ApiClientToken);
  const [query, setQuery] = useQueryState(KEYS);
  const page = pageParam(query.page);
  const overview = useLoader(`jobs:${page}`, () => getJobOverview(api, page), { describe: apiMessage });
  const retry = useAction();
  return {
    overview,
    page,
    goTo: (next) => setQuery({ page: next > 0 ? String(next) : '' }),
    retry,
    async retryJob(id) {
      const done = await retry.run(() => retryFailedJob(api, id).then(() => true));
      if (done) overview.reload();
    },
  };
}
