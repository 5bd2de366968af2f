export { installJobQueue } from './installJobQueue';
export {
  type FailedJob,
  type JobHandler,
  type JobInfo,
  JobQueue,
  type JobState,
  PermanentJobError,
  type QueueClock,
  type QueueCounts,
  type QueueJob,
  type QueueOptions,
  type RetryResult,
  type SendOptions,
  systemClock,
  type WorkOptions,
} from './jobQueue';
