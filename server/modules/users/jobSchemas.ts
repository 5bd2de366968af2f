import { named } from '../../schemas';

/** JSON schemas of the Administration jobs page's calls. */
const count = { type: 'integer', minimum: 0 } as const;

export const queueCountsSchema = named('JobQueueCounts', {
  type: 'object',
  description: "One queue's jobs by state: the tenant's own and the system's (no tenant).",
  properties: {
    queue: { type: 'string', description: "The queue's code, e.g. monitoring.delivery" },
    label: {
      type: ['string', 'null'],
      description: "The queue in words, as its module declares it ('Notification deliveries'); null when undeclared",
    },
    created: { ...count, description: 'Queued, waiting to run' },
    active: { ...count, description: 'Running' },
    retry: { ...count, description: 'Waiting for another attempt after a failed one' },
    failed: { ...count, description: 'No attempts left (kept with the error)' },
    completed: { ...count, description: 'Done (kept 7 days)' },
    retried: { ...count, description: 'Jobs in any state that needed more than one attempt' },
  },
  required: ['queue', 'label', 'created', 'active', 'retry', 'failed', 'completed', 'retried'],
  additionalProperties: false,
});

export const failedJobSchema = named('FailedJobView', {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    queue: { type: 'string' },
    queueLabel: { type: ['string', 'null'], description: 'The queue in words; null when undeclared' },
    error: { type: ['string', 'null'], description: "The last attempt's error message" },
    attempts: { type: 'integer' },
    createdAt: { type: 'string', format: 'date-time' },
    finishedAt: { type: ['string', 'null'], format: 'date-time', description: 'When it ended failed' },
  },
  required: ['id', 'queue', 'queueLabel', 'error', 'attempts', 'createdAt', 'finishedAt'],
  additionalProperties: false,
});

export const jobOverviewSchema = named('JobOverview', {
  type: 'object',
  properties: {
    queues: { type: 'array', items: queueCountsSchema },
    failed: {
      type: 'object',
      description: "The tenant's latest failed jobs, newest first, one page",
      properties: {
        items: { type: 'array', items: failedJobSchema },
        total: { type: 'integer' },
        page: { type: 'integer' },
        size: { type: 'integer' },
      },
      required: ['items', 'total', 'page', 'size'],
      additionalProperties: false,
    },
  },
  required: ['queues', 'failed'],
  additionalProperties: false,
});

export const jobIdParams = {
  type: 'object',
  properties: { id: { type: 'string', format: 'uuid' } },
  required: ['id'],
  additionalProperties: false,
} as const;
