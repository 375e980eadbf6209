export { defineJob, NonRetryableError, type JobContext, type JobDefinition } from './define';
export {
  enqueueJob,
  enqueueJobs,
  recordJobRuns,
  sendToBoss,
  getJobRun,
  latestJobRun,
  cancelJobRun,
  cancelSubjectRuns,
  serializeJobRun,
} from './runs';
