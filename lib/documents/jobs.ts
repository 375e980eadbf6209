import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { jobRuns } from '@/lib/db/schema';
import { defineJob } from '@/lib/jobs/define';
import { EXTRACT_JOB, runDocumentExtraction } from './extraction';

/** Background extraction of one document: text, facts, SKU suggestions (lib/documents/extraction.ts). */
export const documentExtractJob = defineJob({
  name: EXTRACT_JOB,
  schema: z.object({ document_id: z.string().uuid() }),
  retryLimit: 2,
  // OCR of a scan can take a while; well below this.
  expireInSeconds: 10 * 60,
  handler: async (p, ctx) => {
    await ctx.progress({ step: 'extracting', document_id: p.document_id });
    const [run] = await ctx.db.select({ createdBy: jobRuns.createdBy }).from(jobRuns).where(eq(jobRuns.id, ctx.jobRunId));
    const outcome = await runDocumentExtraction(ctx.db, { workspaceId: ctx.workspaceId, documentId: p.document_id, jobRunId: ctx.jobRunId, createdBy: run?.createdBy ?? null });
    return { document_id: p.document_id, ...outcome };
  },
});
