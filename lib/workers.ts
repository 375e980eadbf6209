// The app's job workers, wired from the top: every slice's job module is imported here, so the job
// engine (lib/jobs) knows no slice. Whatever starts or drains workers (lib/boot.ts, scripts/worker.ts,
// tests, benches) imports them from this file. A new job module adds one line.
import '@/lib/skus/jobs';
import '@/lib/imports/jobs';
import '@/lib/documents/jobs';
import '@/lib/outreach/jobs';
import '@/lib/exports/jobs';
import '@/lib/ai-fill/job';
import '@/lib/webhooks/jobs';
import '@/lib/recalls/jobs';
import '@/lib/translations/jobs';
import '@/lib/skus/currency-jobs';
import '@/lib/skus/operator-role-jobs';

export { drainJobs, recoverRuns, runJob, startWorkers, stopWorkers } from '@/lib/jobs/worker';
