/** The job run as the API shows it (serializeJobRun), polled at GET /api/jobs/{id}. */
import { z } from 'zod';
import { DateTime, Uuid } from '@/lib/http/schemas';

export const JobRunSchema = z
  .object({
    id: Uuid,
    type: z.string(),
    status: z.enum(['queued', 'running', 'completed', 'failed', 'cancelled']),
    subject_type: z.string().nullable(),
    subject_id: z.string().nullable(),
    progress: z.record(z.string(), z.unknown()).nullable(),
    result: z.record(z.string(), z.unknown()).nullable(),
    error: z.string().nullable(),
    attempts: z.number().int(),
    created_at: DateTime,
    started_at: DateTime.nullable(),
    completed_at: DateTime.nullable(),
  })
  .meta({ id: 'JobRun' });
export type JobRun = z.infer<typeof JobRunSchema>;

/** GET /api/jobs/{id}: one job run. */
export const JobRunResponse = z.object({ job: JobRunSchema });
