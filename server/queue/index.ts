export { installJobQueue } from './installJobQueue';
export {
  type FailedJob,
  type JobHandler,
  type JobInfo,
  JobQueue,
  type JobState,
  type QueueClock,
  type QueueCounts,
  type QueueJob,
  type QueueOptions,
  type SendOptions,
  systemClock,
  type WorkOptions,
} from './jobQueue';
