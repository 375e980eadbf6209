import { z } from 'zod';
import { DOCUMENT_TYPES } from '@/lib/requirements';
import { DOCUMENT_STATUS_FILTERS, ListDocumentsQuery } from '@/lib/documents/schemas';
import { listDocuments } from '@/lib/documents/list';
import { getDocument } from '@/lib/documents/service';
import type { DocumentJson } from '@/lib/documents/schemas';
import { defineTool } from '../define-tool';
import { pageArgs, pageOf } from '../paging';
import { IdArg, Text, budgetText, shortQuote } from '../views';

const IsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

const DocumentView = z.object({
  id: z.string(),
  filename: z.string(),
  document_type: z.string(),
  status: z.string(),
  issued_on: z.string().nullable(),
  valid_until: z.string().nullable(),
  expired: z.boolean(),
  linked_skus: z.array(
    z.object({
      id: z.string(),
      sku_code: z.string(),
      evidence_status: z
        .string()
        .describe('proposed, accepted, rejected or about_another_product: only accepted counts as the SKU’s evidence'),
    }),
  ),
  download_url: z.string().describe('Opens the file in the app; needs a signed-in session, not the API key.'),
  created_at: z.string(),
});

const documentView = (d: DocumentJson, origin: string): z.infer<typeof DocumentView> => ({
  id: d.id,
  filename: d.filename,
  document_type: d.document_type,
  status: d.status,
  issued_on: d.issued_on ?? null,
  valid_until: d.valid_until ?? null,
  expired: d.expired,
  linked_skus: d.skus.map((s) => ({
    id: s.id,
    sku_code: s.sku_code,
    evidence_status: s.evidence_status ?? 'proposed',
  })),
  download_url: new URL(d.download_url, origin).toString(),
  created_at: d.created_at,
});

export const searchDocumentsTool = defineTool({
  name: 'search_documents',
  title: 'Search documents',
  description:
    'Documents of the vault, newest first: by type, text (file name and content snippet), linked SKU, status, or validity ending before a date.',
  input: z.object({
    q: Text(200).trim().optional().describe('Text in the file name or the extracted snippet.'),
    type: z.enum(DOCUMENT_TYPES).optional(),
    sku_id: IdArg('SKU').optional().describe('Only documents linked to this SKU.'),
    status: z.enum(DOCUMENT_STATUS_FILTERS).optional(),
    expiring_before: IsoDay.optional().describe(
      'Only documents valid until before this date (YYYY-MM-DD); expired ones included.',
    ),
    ...pageArgs,
  }),
  output: pageOf(DocumentView),
  example: {
    arguments: { type: 'test_report', expiring_before: '2027-01-01' },
    says: 'Test reports that expire before 2027 (or already have), with their SKUs.',
  },
  async run({ db, workspaceId, origin }, a) {
    const q = ListDocumentsQuery.parse({
      q: a.q,
      type: a.type,
      sku_id: a.sku_id,
      status: a.status,
      cursor: a.cursor,
      limit: a.limit,
    });
    const page = await listDocuments(db, { workspaceId, q, opts: { expiringBefore: a.expiring_before } });
    return {
      items: page.data.map((d) => documentView(d, origin)),
      has_more: page.has_more,
      next_cursor: page.next_cursor,
    };
  },
  text: (o) =>
    o.items.length
      ? `${o.items.length} document(s)${o.has_more ? ' (more: pass next_cursor)' : ''}:\n${o.items.map((d) => `- ${d.filename}: ${d.document_type}${d.valid_until ? `, valid until ${d.valid_until}${d.expired ? ' (expired)' : ''}` : ''} [${d.id}]`).join('\n')}`
      : 'No documents match.',
});

/** A fact as the text answer cites it: value, page, quote (when it says more than the value) and confidence. */
const factLine = (f: { field_key: string; value: string; page: number | null; quote: string; confidence: number }) => {
  const quote = shortQuote(f.quote);
  const cite = [
    f.page ? `page ${f.page}` : null,
    quote && quote !== f.value ? `quote "${quote}"` : null,
    `confidence ${f.confidence}`,
  ];
  return `- ${f.field_key}: "${f.value}" (${cite.filter(Boolean).join('; ')})`;
};

export const getDocumentTool = defineTool({
  name: 'get_document',
  title: 'Read a document',
  description:
    'One document: its classification (type, confidence, reasoning), the facts extracted from it (value, page, quote), validity, linked SKUs and a download link for the app.',
  input: z.object({ document_id: IdArg('document') }),
  output: DocumentView.extend({
    mime_type: z.string(),
    size_bytes: z.number().int(),
    classification: z.object({
      document_type: z.string().nullable(),
      confidence: z.number().nullable(),
      source: z.string().nullable(),
      reasoning: z.string().nullable(),
    }),
    facts: z.array(
      z.object({
        field_key: z.string(),
        value: z.string(),
        page: z.number().int().nullable(),
        quote: z.string(),
        confidence: z.number(),
      }),
    ),
  }),
  example: {
    arguments: { document_id: '3f2c9a10-0000-4000-8000-000000000002' },
    says: 'DoC CB-200.pdf: declaration_of_conformity (0.93, rule); manufacturer_name "Holzwerk GmbH" (page 1).',
  },
  async run({ db, workspaceId, origin }, a) {
    const d = await getDocument(db, { workspaceId, id: a.document_id });
    const latest = d.extractions.find((e) => e.status === 'completed') ?? d.extractions[0];
    return {
      ...documentView(d, origin),
      mime_type: d.mime_type,
      size_bytes: d.size_bytes,
      classification: {
        document_type: d.document_type,
        confidence: d.classification_confidence ?? null,
        source: d.classification_source ?? null,
        reasoning: d.classification?.reasoning ?? null,
      },
      facts: latest?.facts ?? [],
    };
  },
  text: (o) =>
    `${o.filename}: ${o.document_type} (confidence ${o.classification.confidence ?? 'n/a'})${o.valid_until ? `, valid until ${o.valid_until}${o.expired ? ' (expired)' : ''}` : ''}; SKUs: ${o.linked_skus.map((s) => s.sku_code).join(', ') || 'none'}.` +
    (o.facts.length ? `\n${budgetText(o.facts.map(factLine), 'ask get_dossier for one field')}` : ''),
});
