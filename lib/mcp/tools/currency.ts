import { z } from 'zod';
import { listCurrencyFindings } from '@/lib/currency/service';
import { defineTool } from '../define-tool';
import { pageArgs, pageOf } from '../paging';
import { IdArg } from '../views';

const FindingView = z.object({
  document_id: z.string(),
  document_filename: z.string().nullable(),
  code: z.string(),
  severity: z.string().describe('blocker (the act makes it stop approval), warning, or notice'),
  message: z.string(),
  legal_basis: z.string(),
  status: z.string().describe('open, or resolved when the daily check no longer finds it'),
  raised_at: z.string(),
});

export const listCurrencyFindingsTool = defineTool({
  name: 'list_currency_findings',
  title: 'Evidence currency findings',
  description:
    'What the daily evidence-currency check found, newest first: documents citing a harmonised-standard edition past its date of cessation of presumption (with the replacement), unknown notified bodies, bodies not notified for the act cited.',
  input: z.object({
    status: z.enum(['open', 'resolved', 'all']).default('open'),
    severity: z.enum(['blocker', 'warning', 'notice']).optional(),
    document_id: IdArg('document').optional().describe('Only this document’s findings.'),
    ...pageArgs,
  }),
  output: pageOf(FindingView),
  example: { arguments: { severity: 'warning' }, says: 'Open currency warnings across the workspace’s documents.' },
  async run({ db, workspaceId }, a) {
    const page = await listCurrencyFindings(db, {
      workspaceId,
      status: a.status,
      severity: a.severity,
      documentId: a.document_id,
      cursor: a.cursor,
      limit: a.limit,
    });
    return {
      items: page.data.map((f) => ({
        document_id: f.document_id,
        document_filename: f.document_filename,
        code: f.code,
        severity: f.severity,
        message: f.message,
        legal_basis: f.legal_basis,
        status: f.status,
        raised_at: f.raised_at,
      })),
      has_more: page.has_more,
      next_cursor: page.next_cursor,
    };
  },
  text: (o) =>
    o.items.length
      ? `${o.items.length} finding(s)${o.has_more ? ' (more: pass next_cursor)' : ''}:\n${o.items.map((f) => `- [${f.severity}] ${f.document_filename ?? f.document_id}: ${f.message}`).join('\n')}`
      : 'No currency findings.',
});
