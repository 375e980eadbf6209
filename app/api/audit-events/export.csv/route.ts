import { auditLogCsv } from '@/lib/audit/log';
import { AuditLogCsvQuery } from '@/lib/audit/schemas';
import { defineRoute, routeMethods } from '@/lib/http';

// GET /api/audit-events/export.csv – the filtered audit log as CSV (formula-safe cells), streamed.
const get = defineRoute({
  method: 'GET',
  path: '/api/audit-events/export.csv',
  operationId: 'exportAuditEventsCsv',
  summary: 'Export audit events as CSV',
  tags: ['Audit'],
  stability: 'preview',
  auth: 'either',
  scope: 'audit:read',
  query: AuditLogCsvQuery,
  responses: { 200: { description: 'CSV, newest first.', contentType: 'text/csv' } },
  handler: async ({ db, auth, query }) => {
    const lines = auditLogCsv(db, { workspaceId: auth.workspace.id, filters: query });
    const enc = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { value, done } = await lines.next();
        if (done) controller.close();
        else controller.enqueue(enc.encode(value));
      },
      async cancel() {
        await lines.return(undefined);
      },
    });
    const stamp = new Date().toISOString().slice(0, 10);
    return new Response(body, {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="audit-log-${stamp}.csv"`,
      },
    });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
