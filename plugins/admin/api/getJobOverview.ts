import type { ApiResponse } from '@common/api/apiTypes';
import type { ApiClient } from '@core/api/ApiClient';

/** The jobs page's answer: counts per queue and one page of the tenant's failed jobs. */
export type JobOverview = ApiResponse<'/um/jobs', 'get'>;
export type QueueCounts = JobOverview['queues'][number];
export type FailedJob = JobOverview['failed']['items'][number];

/** Failed jobs shown on one page of the jobs page. */
export const FAILED_JOBS_PAGE_SIZE = 20;

/** GET /um/jobs: background jobs per queue and state, and the tenant's latest failed jobs (paged). */
export function getJobOverview(api: ApiClient, page: number): Promise<JobOverview> {
  return api.get('/um/jobs', { query: { page, size: FAILED_JOBS_PAGE_SIZE } });
}
