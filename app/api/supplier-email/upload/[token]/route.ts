import { assertBatchFitsStorage } from '@/lib/documents/usage';
import { declaredLength } from '@/lib/documents/forms';
import { MAX_FILE_BYTES, MULTIPART_OVERHEAD_BYTES } from '@/lib/documents/limits';
import { defineRoute, json, routeMethods } from '@/lib/http';
import { enforceRateLimit } from '@/lib/http/rate-limit';
import { publicRequestView, receiveSupplierFiles, requireLink, workspaceRef } from '@/lib/outreach/responses';
import { hashToken } from '@/lib/outreach/token';
import { SupplierLinkParams, SupplierLinkResponse } from '@/lib/outreach/schemas';
import { MAX_LINK_FILES, SupplierUploadForm, SupplierUploadResponse } from '@/lib/outreach/upload-schemas';

/** The body that MAX_LINK_FILES files allow. */
const MAX_LINK_BODY = MAX_LINK_FILES * MAX_FILE_BYTES + MULTIPART_OVERHEAD_BYTES;

// GET /api/supplier-email/upload/{token} – what the supplier's link shows (no account).
const get = defineRoute({
  method: 'GET',
  path: '/api/supplier-email/upload/{token}',
  operationId: 'getSupplierUploadLink',
  summary: 'Read a supplier upload link',
  description:
    'Public (the token is the credential). The product and the items asked, nothing else of the workspace. 404 for an unknown token, 410 LINK_EXPIRED for an expired or revoked one or a closed request.',
  tags: ['Supplier email'],
  stability: 'preview',
  auth: 'none',
  params: SupplierLinkParams,
  errors: [410],
  responses: { 200: { description: 'The request as the supplier sees it.', schema: SupplierLinkResponse } },
  handler: async ({ db, params }) =>
    json({ request: await publicRequestView(db, { row: await requireLink(db, { token: params.token }) }) }),
});

// POST /api/supplier-email/upload/{token} – the supplier's files become documents of the SKU.
const post = defineRoute({
  method: 'POST',
  path: '/api/supplier-email/upload/{token}',
  operationId: 'uploadThroughSupplierLink',
  summary: 'Upload files through a supplier link',
  description: `Public (the token is the credential), multipart/form-data with files (1 to ${MAX_LINK_FILES}, each at most 20 MB). Each file goes through the document vault's upload (type checks, containers unpacked, duplicates recognised, classified, extracted) and is linked to the request's SKU; the request moves to to_review. A file sent before for this request is "duplicate"; one identical to another document of the workspace is simply received (the answer never names other documents). One request takes at most SUPPLIER_LINK_MAX_FILES files and SUPPLIER_LINK_MAX_BYTES bytes in total (50, 200 MB by default): a batch beyond is 413 LINK_LIMIT_REACHED and nothing of it is stored. Rate-limited per link and per client address.`,
  tags: ['Supplier email'],
  stability: 'preview',
  auth: 'none',
  params: SupplierLinkParams,
  maxBodyBytes: MAX_LINK_BODY,
  rateLimit: 'parse',
  errors: [410, 413],
  // Only the files count; any other field is ignored, as a supplier's mail client may add some.
  form: SupplierUploadForm,
  maxFormFieldBytes: 1024,
  responses: {
    200: {
      description: 'One result per file.',
      schema: SupplierUploadResponse,
    },
  },
  handler: async ({ db, req, params, ip, form }) => {
    const row = await requireLink(db, { token: params.token });
    // The link is the caller: its own parse budget, on top of the per-address limit of the route kit.
    await enforceRateLimit(db, { cls: 'parse', subject: `link:${hashToken(params.token)}`, ip });
    await assertBatchFitsStorage(db, {
      workspace: await workspaceRef(db, { id: row.workspaceId }),
      declaredBytes: declaredLength(req),
    });
    const { files } = await form();
    const out = await receiveSupplierFiles(db, { row, files, via: 'upload_link' });
    const fresh = await requireLink(db, { token: params.token }).catch(() => row);
    return json({ results: out.results, summary: out.summary, request: await publicRequestView(db, { row: fresh }) });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get, post);
