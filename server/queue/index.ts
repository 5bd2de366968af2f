export {
  JobQueue,
  systemClock,
  type FailedJob,
  type JobHandler,
  type JobState,
  type QueueClock,
  type QueueCounts,
  type QueueJob,
  type QueueOptions,
  type SendOptions,
  type WorkOptions,
} from './jobQueue';
export { installJobQueue } from './installJobQueue';
