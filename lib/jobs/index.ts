export { defineJob, NonRetryableError, type JobContext, type JobDefinition } from './define';
export { enqueueJob, enqueueJobs, getJobRun, latestJobRun, cancelJobRun, serializeJobRun } from './runs';
