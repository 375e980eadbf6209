/**
 * The shapes of what a supplier sends in: files through the upload link, and replies by mail. Apart from
 * lib/outreach/schemas.ts because they take the upload result of lib/documents and zFiles, server code that
 * the client modules importing lib/outreach/schemas.ts must not reach.
 */
import { z } from 'zod';
import { MAX_FILE_BYTES } from '@/lib/documents/limits';
import { BulkResultItemSchema } from '@/lib/documents/schemas';
import { zFiles } from '@/lib/http/form';
import { SupplierAnswerResult, SupplierLinkView } from './schemas';

/** Files per upload through a supplier link. */
export const MAX_LINK_FILES = 10;

/** POST /api/supplier-email/upload/{token}: only the files count; any other field is ignored, as a supplier's mail client may add some. */
export const SupplierUploadForm = z.object({
  files: zFiles({ maxBytes: MAX_FILE_BYTES, maxFiles: MAX_LINK_FILES, oversize: 'report' }),
});

/** POST /api/supplier-email/upload/{token}: one result per file, and the request as the supplier now sees it. */
export const SupplierUploadResponse = z.object({
  results: z.array(BulkResultItemSchema),
  summary: z.record(z.string(), z.number()),
  request: SupplierLinkView,
});

/** POST /api/supplier-email/inbound: the matched request, the stored attachments and the answers read in the text. */
export const SupplierReplyReceived = z.object({
  request_id: z.string(),
  duplicate: z.boolean(),
  held: z
    .boolean()
    .describe(
      "The sender is not the request's recipient (nor of its domain): the reply is held on the timeline for the manager, nothing attached.",
    ),
  results: z.array(BulkResultItemSchema),
  answers: z
    .array(SupplierAnswerResult)
    .describe('Answers to asked fields read in the reply text (labelled lines, yes/no), offered as suggestions.'),
});
