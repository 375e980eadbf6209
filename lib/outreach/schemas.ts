import { z } from 'zod';
import { SUPPLIER_REQUEST_STATUSES } from '@/lib/enums';
import { Uuid } from '@/lib/http/schemas';
import { LOCALES } from '@/lib/i18n/locales';
import { SkuFilter } from '@/lib/skus/schemas';
import {
  EVIDENCE_STATUSES,
  EvidenceFactsSchema,
  EvidenceReasonCodeSchema,
  EvidenceReasonParamsSchema,
} from '@/lib/documents/evidence-schemas';

export const LocaleSchema = z.enum(LOCALES);
const Email = z.email().max(254);
const DueDate = z.iso.date().nullable().optional();
const ItemKeys = z.array(z.string().min(1).max(200)).min(1).max(50);

export const DraftInput = z
  .strictObject({
    sku_id: Uuid,
    to: Email.optional(),
    entity_id: Uuid.optional(),
    locale: LocaleSchema.optional(),
    items: ItemKeys.optional().meta({ description: 'Keys of the open items to ask for (default: all of them).' }),
    due_date: DueDate,
  })
  .meta({ id: 'SupplierEmailDraftInput' });
export type DraftInput = z.output<typeof DraftInput>;

export const SendInput = z
  .strictObject({
    sku_id: Uuid,
    to: Email,
    subject: z.string().trim().min(1).max(300),
    body: z.string().trim().min(1).max(20_000),
    cc: z.array(Email).max(10).optional(),
    due_date: DueDate,
    entity_id: Uuid.optional(),
    locale: LocaleSchema.optional(),
    items: ItemKeys.optional().meta({
      description: 'Keys of the items asked for (default: every open item of the SKU).',
    }),
  })
  .meta({ id: 'SupplierEmailSendInput' });
export type SendInput = z.output<typeof SendInput>;

export const StatusSchema = z.enum(SUPPLIER_REQUEST_STATUSES);

export const PatchInput = z
  .strictObject({
    status: StatusSchema,
    note: z.string().trim().max(2000).optional(),
    due_date: DueDate,
  })
  .meta({ id: 'SupplierRequestPatch' });
export type PatchInput = z.output<typeof PatchInput>;

export const ListQuery = z.strictObject({
  sku_id: Uuid.optional(),
  status: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const parts = v.split(',').map((s) => s.trim());
      for (const p of parts) {
        if (!StatusSchema.safeParse(p).success) {
          ctx.addIssue({
            code: 'custom',
            message: `unknown status ${p}; one or more of ${SUPPLIER_REQUEST_STATUSES.join(', ')}`,
          });
          return z.NEVER;
        }
      }
      return parts as z.output<typeof StatusSchema>[];
    }),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type ListQuery = z.output<typeof ListQuery>;

export const RequestItemSchema = z
  .object({
    key: z.string(),
    kind: z.enum(['document', 'field']),
    code: z.string(),
    document_types: z.array(z.string()).optional(),
    references: z.array(z.string()).optional(),
    fields: z.array(z.string()).optional(),
    label: z.string(),
    legal_basis: z.string().nullable().optional(),
  })
  .meta({ id: 'SupplierRequestItem' });

export const TimelineEntry = z.object({
  id: z.string(),
  kind: z.string(),
  at: z.string(),
  actor: z.string().nullable(),
  note: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});

export const SupplierRequestSchema = z
  .object({
    id: Uuid,
    sku_id: Uuid,
    entity_id: z.string().nullable(),
    recipient: z.string(),
    cc: z.array(z.string()),
    subject: z.string(),
    locale: z.string(),
    items: z.array(RequestItemSchema),
    status: StatusSchema,
    due_date: z.string().nullable(),
    sent_at: z.string().nullable(),
    last_reminder_at: z.string().nullable(),
    reminder_count: z.number().int(),
    responded_at: z.string().nullable(),
    last_activity_at: z.string(),
    message_id: z.string().nullable(),
    delivery_error: z.string().nullable(),
    upload_url: z.string().nullable(),
    link_expires_at: z.string(),
    link_active: z.boolean(),
    created_at: z.string(),
    created_by: z.string().nullable(),
    documents: z.array(
      z.object({
        document_id: z.string(),
        filename: z.string(),
        document_type: z.string(),
        status: z.enum(['pending', 'accepted', 'rejected']),
        source: z.string(),
        note: z.string().nullable().describe('The reason of a rejection (the supplier sees it).'),
        supplier_filename: z.string().nullable().describe('The name the supplier gave the file.'),
        created_at: z.string(),
        evidence: z
          .object({
            evidence_status: z.enum(EVIDENCE_STATUSES),
            evidence_reason: z.string().nullable(),
            evidence_reason_code: EvidenceReasonCodeSchema.optional(),
            evidence_reason_params: EvidenceReasonParamsSchema.optional(),
            evidence_facts: EvidenceFactsSchema.nullable(),
            decided_by: z.string().nullable(),
            decided_at: z.string().nullable(),
          })
          .nullable()
          .optional()
          .describe(
            "The file's link to the request's SKU as evidence (only an accepted link satisfies a requirement), with the document's identity facts beside the SKU's; null when the file is no longer linked to the SKU.",
          ),
      }),
    ),
    item_states: z
      .array(
        z.object({
          key: z.string(),
          label: z.string(),
          state: z.enum(['open', 'answered', 'accepted', 'rejected']),
          reason: z.string().nullable(),
        }),
      )
      .describe(
        'Each asked item: open, answered (waits for review), accepted (the SKU no longer misses it) or rejected (with the reason).',
      ),
    overdue: z.boolean().describe('Past the due date with items still open.'),
    attention: z
      .enum(['no_progress', 'overdue'])
      .nullable()
      .describe('Why the request needs the manager: it stalled, or it is overdue.'),
    files_received: z.number().int().describe('Files taken in through the link and replies (counts toward the cap).'),
    bytes_received: z.number().int(),
    timeline: z.array(TimelineEntry),
  })
  .meta({ id: 'SupplierRequest' });

export const DraftSchema = z
  .object({
    sku_id: Uuid,
    to: z.string().nullable(),
    to_source: z.enum(['given', 'entity', 'manufacturer', 'importer']).nullable(),
    entity_id: z.string().nullable(),
    locale: LocaleSchema,
    subject: z.string(),
    body: z.string(),
    html: z.string(),
    items: z.array(RequestItemSchema),
    available_items: z.array(RequestItemSchema),
    upload_link_placeholder: z.string(),
    greeting_name: z.string().nullable().describe('Whom the greeting names: the recipient’s entity, or nobody.'),
    due_date: z.string().nullable(),
    recipients: z
      .array(
        z.object({
          entity_id: z.string(),
          role: z.string(),
          name: z.string(),
          email: z.string().nullable(),
          locale: LocaleSchema.describe('The language a mail to this operator is written in (its country’s).'),
        }),
      )
      .describe('The SKU’s operators, to choose the recipient from (or type another address).'),
  })
  .meta({ id: 'SupplierEmailDraft' });

export const DocumentDecisionInput = z
  .strictObject({
    decision: z.enum(['accept', 'reject']),
    note: z.string().trim().max(2000).optional().meta({
      description: 'Required to reject: the reason, shown to the supplier on the link page and in the next reminder.',
    }),
  })
  .refine((v) => v.decision !== 'reject' || Boolean(v.note), {
    message: 'say why the file is rejected: the supplier is shown the reason',
    path: ['note'],
  });

/** GET /api/supplier-email/responsiveness: how a supplier answers requests. */
export const Responsiveness = z
  .object({
    entity_id: z.string(),
    requests_sent: z.number(),
    open_requests: z.number(),
    answered_requests: z.number(),
    no_progress_requests: z.number(),
    median_days_to_answer: z.number().nullable(),
  })
  .meta({ id: 'SupplierResponsiveness' });
export type Responsiveness = z.infer<typeof Responsiveness>;

/** POST /api/supplier-email/requests/bulk: one result per request (done, or why not). */
export const BulkRequestResults = z.object({
  results: z.array(
    z.object({ id: z.string(), ok: z.boolean(), code: z.string().optional(), message: z.string().optional() }),
  ),
});
export type BulkRequestResults = z.infer<typeof BulkRequestResults>;

/** "Select all matching" for supplier requests: each matching SKU may become a request and a mail section. */
export const BULK_REQUEST_FILTER_MAX = 500;

export const BulkSendInput = z
  .strictObject({
    ids: z
      .array(Uuid)
      .min(1, 'Select at least one SKU.')
      .max(100, 'At most 100 SKUs per request.')
      .optional()
      .describe('The SKUs, 1 to 100.'),
    filter: SkuFilter.optional().describe(
      `Instead of ids: every SKU the list shows for these filters, resolved when the request runs; at most ${BULK_REQUEST_FILTER_MAX}.`,
    ),
    entity_id: Uuid.optional().meta({
      description: "The supplier to ask for every SKU (its email). Default: each SKU's manufacturer, else importer.",
    }),
    to: Email.optional().meta({ description: 'One address for every SKU, instead of the entity’s.' }),
    cc: z.array(Email).max(10).optional(),
    locale: LocaleSchema.optional(),
    items: ItemKeys.optional().meta({
      description: 'Keys of the items to ask for where a SKU has them open (default: every open item of each SKU).',
    }),
    due_date: DueDate,
  })
  .refine((v) => (v.ids ? 1 : 0) + (v.filter ? 1 : 0) === 1, { message: 'Give either ids or filter.', path: ['ids'] })
  .meta({ id: 'SupplierEmailBulkSendInput' });
export type BulkSendInput = z.output<typeof BulkSendInput>;

export const BulkSendResult = z
  .object({
    dry_run: z.boolean(),
    results: z.array(
      z.object({
        sku_id: Uuid,
        sku_code: z.string(),
        ok: z.boolean(),
        request_id: z
          .string()
          .nullable()
          .describe('The request recorded for this SKU (null in a dry run or when skipped).'),
        to: z.string().nullable(),
        items: z.array(z.string()).describe('Keys of the items asked for.'),
        code: z.string().optional().describe('Why not: NOTHING_TO_REQUEST, NO_RECIPIENT, EMAIL_DELIVERY_FAILED.'),
        message: z.string().optional(),
      }),
    ),
    mails: z
      .array(
        z.object({
          to: z.string(),
          entity_id: z.string().nullable(),
          locale: LocaleSchema,
          sku_ids: z.array(Uuid),
          subject: z.string(),
          body: z.string().describe('The text (in a dry run with {upload_link} where each link goes).'),
          ok: z.boolean(),
          error: z.string().nullable(),
        }),
      )
      .describe('One mail per supplier address, listing its SKUs.'),
    available_items: z
      .array(z.object({ key: z.string(), label: z.string(), sku_count: z.number().int() }))
      .describe('Every item open on at least one selected SKU, with how many SKUs have it open.'),
  })
  .meta({ id: 'SupplierEmailBulkSendResult' });
export type BulkSendResult = z.infer<typeof BulkSendResult>;

/** What the supplier's link shows (GET /api/supplier-email/upload/{token}). */
export const SupplierLinkView = z
  .object({
    requester: z.string().nullable(),
    product_name: z.string(),
    sku_code: z.string(),
    gtin: z.string().nullable(),
    locale: z.string(),
    items: z.array(
      z.object({
        key: z.string(),
        label: z.string(),
        kind: z.enum(['document', 'field']),
        state: z.enum(['open', 'answered', 'accepted', 'rejected']),
        reason: z.string().nullable().describe('Why it was not accepted (rejected items).'),
      }),
    ),
    due_date: z.string().nullable(),
    files_received: z.number().int(),
    files_accepted: z.number().int(),
    files_waiting: z.number().int().describe('Received, waiting for review.'),
    files_rejected: z.number().int(),
    rejected_files: z.array(z.object({ filename: z.string(), reason: z.string().nullable() })),
    questions: z
      .array(
        z.object({
          item_key: z.string(),
          field_key: z.string(),
          label: z.string(),
          help: z.string(),
          kind: z.string(),
          enum_values: z.array(z.string()).nullable(),
          state: z.enum(['open', 'answered', 'accepted', 'rejected']),
        }),
      )
      .describe('The asked fields the supplier answers on the page (POST .../answers), in the request’s language.'),
    expires_at: z.string(),
  })
  .meta({ id: 'SupplierLinkView' });

export const SupplierAnswersInput = z
  .strictObject({
    answers: z
      .array(z.strictObject({ field_key: z.string().min(1).max(200), value: z.string().trim().min(1).max(20_000) }))
      .min(1)
      .max(50),
  })
  .meta({ id: 'SupplierAnswersInput' });

// The API's remaining request and response shapes (routes under /api/supplier-email take them from here).

export const OutreachSettings = z
  .object({ reminder_days: z.array(z.number().int()), no_progress_after_days: z.number().int() })
  .meta({ id: 'OutreachSettings' });
export const OutreachSettingsInput = z
  .strictObject({
    reminder_days: z
      .array(z.number().int().min(1).max(365))
      .max(10)
      .refine((d) => d.every((v, i) => i === 0 || v > d[i - 1]), {
        message: 'must be strictly increasing days after sending',
      }),
  })
  .meta({ id: 'OutreachSettingsInput' });
export const OutreachSettingsResponse = z.object({ settings: OutreachSettings });

export const DraftResponse = z.object({ draft: DraftSchema });
export const SupplierRequestResponse = z.object({ request: SupplierRequestSchema });
export const SupplierRequestPage = z.object({
  data: z.array(SupplierRequestSchema),
  next_cursor: z.string().nullable(),
  has_more: z.boolean(),
});
export const SendDryRunResponse = z.object({ dry_run: z.literal(true), would_send: z.record(z.string(), z.unknown()) });
export const HeldReplyDecisionInput = z.object({ decision: z.enum(['release', 'dismiss']) });
export const BulkRequestInput = z.strictObject({
  action: z.enum(['remind', 'cancel']),
  ids: z.array(Uuid).min(1).max(100),
});
export const ResponsivenessQuery = z.strictObject({ entity_id: Uuid });
export const ResponsivenessResponse = z.object({ responsiveness: Responsiveness });

/** The routes of a supplier link (/api/supplier-email/upload/{token}): the token is the credential. */
export const SupplierLinkParams = z.object({ token: z.string().min(1).max(200) });
/** GET /api/supplier-email/upload/{token}: the request as the supplier sees it. */
export const SupplierLinkResponse = z.object({ request: SupplierLinkView });
/** An answer to an asked field, offered as a dossier suggestion (unchanged: the value is already there). */
export const SupplierAnswerResult = z.object({
  field_key: z.string(),
  value: z.string(),
  status: z.enum(['suggested', 'unchanged']),
});
/** POST /api/supplier-email/upload/{token}/answers: one result per answer, and the request as the supplier now sees it. */
export const SupplierAnswersResponse = z.object({ results: z.array(SupplierAnswerResult), request: SupplierLinkView });
