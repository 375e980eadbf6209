export { defineJob, NonRetryableError, type JobContext, type JobDefinition } from './define';
export { enqueueJob, getJobRun, latestJobRun, cancelJobRun, serializeJobRun } from './runs';
