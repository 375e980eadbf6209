// Every job definition module is imported here so workers know all queues. Later features add lines.
import '@/lib/skus/jobs';
import '@/lib/imports/jobs';
import '@/lib/documents/jobs';
import '@/lib/outreach/jobs';
import '@/lib/exports/jobs';
import '@/lib/ai-fill/job';
import '@/lib/webhooks/jobs';
