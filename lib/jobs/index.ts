export { defineJob, NonRetryableError, type JobContext, type JobDefinition } from './define';
export {
  enqueueJob,
  enqueueJobs,
  getJobRun,
  latestJobRun,
  cancelJobRun,
  cancelSubjectRuns,
  serializeJobRun,
} from './runs';
