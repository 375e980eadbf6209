import { z } from 'zod';
import { defineRoute, json, routeMethods } from '@/lib/http';
import { AppError } from '@/lib/errors';
import { publicRecallStatus } from '@/lib/recalls/cases';
import { PublicRecallStatus } from '@/lib/recalls/schemas';

// GET /p/{public_id}/recall – the product's recall status and published notice (no credentials).
const get = defineRoute({
  method: 'GET',
  path: '/p/{public_id}/recall',
  operationId: 'publicRecallStatus',
  summary: 'Recall status of a public safety page',
  description:
    'recall_status on_market, withdrawn or recalled, and the published recall notice per language (null until published). ' +
    'The target of the page’s gs1:recallStatus link.',
  tags: ['Public'],
  stability: 'preview',
  auth: 'none',
  params: z.object({ publicId: z.string().max(40) }),
  responses: { 200: { description: 'The recall status.', schema: PublicRecallStatus } },
  handler: async ({ db, params }) => {
    const status = await publicRecallStatus(db, { publicId: params.publicId });
    if (!status) throw new AppError('NOT_FOUND', 'No published page with this id.');
    return json(status, 200, { 'cache-control': 'public, max-age=300' });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
