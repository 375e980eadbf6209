import { defineRoute, json, routeMethods } from '@/lib/http';
import { enforceRateLimit } from '@/lib/http/rate-limit';
import { receiveAnswers } from '@/lib/outreach/answers';
import { publicRequestView, requireLink } from '@/lib/outreach/responses';
import { SupplierAnswersInput, SupplierAnswersResponse, SupplierLinkParams } from '@/lib/outreach/schemas';
import { hashToken } from '@/lib/outreach/token';

// POST /api/supplier-email/upload/{token}/answers – the supplier answers asked fields (no account).
const post = defineRoute({
  method: 'POST',
  path: '/api/supplier-email/upload/{token}/answers',
  operationId: 'answerThroughSupplierLink',
  summary: 'Answer asked fields through a supplier link',
  description:
    'Public (the token is the credential). answers: 1 to 50 {field_key, value} for fields the request asks (its `questions`), each value as the field takes it (yes/no, a choice, a date YYYY-MM-DD, a text, a URL). Each becomes a dossier suggestion of source supplier_answer with the provenance note "supplier <name>, request <id>, <time>", which a person confirms or rejects; the item is answered (waiting for review) and the request moves to to_review. A field the request does not ask, or a value the field refuses, is 400 naming it, and nothing is stored. A value equal to one already present is `unchanged`. 404 / 410 as the link.',
  tags: ['Supplier email'],
  stability: 'preview',
  auth: 'none',
  params: SupplierLinkParams,
  body: SupplierAnswersInput,
  rateLimit: 'parse',
  errors: [410],
  responses: {
    200: {
      description: 'One result per answer, and the request as the supplier now sees it.',
      schema: SupplierAnswersResponse,
    },
  },
  handler: async ({ db, params, body, ip }) => {
    const row = await requireLink(db, { token: params.token });
    await enforceRateLimit(db, { cls: 'parse', subject: `link:${hashToken(params.token)}`, ip });
    const out = await receiveAnswers(db, { row, answers: body.answers, via: 'upload_link' });
    const fresh = await requireLink(db, { token: params.token }).catch(() => row);
    return json({ results: out.results, request: await publicRequestView(db, { row: fresh }) });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
