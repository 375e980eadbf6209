import { z } from 'zod';
import { zFile } from '@/lib/http/form';
import { Uuid } from '@/lib/http/schemas';
import { RECALL_FEEDS } from '@/lib/db/schema/recalls';
import { FEED_LIMITS } from './feed-types';

export const RecallFeedEnum = z.enum(RECALL_FEEDS);

export const FeedImport = z.object({
  id: z.string(),
  feed: RecallFeedEnum,
  source: z.enum(['upload', 'url']),
  source_ref: z.string(),
  sha256: z.string(),
  periods: z.array(z.string()).describe('ISO weeks the alerts were published in, e.g. 2026-W47.'),
  alert_count: z.number().int(),
  created_count: z.number().int(),
  updated_count: z.number().int(),
  unchanged_count: z.number().int(),
  match_count: z.number().int().describe('New matches this reading made.'),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type FeedImport = z.infer<typeof FeedImport>;

export const FeedSource = z.object({
  id: z.string(),
  feed: RecallFeedEnum,
  url: z.string(),
  enabled: z.boolean(),
  last_fetched_at: z.string().nullable(),
  last_status: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
});
export type FeedSource = z.infer<typeof FeedSource>;

export const AddFeedSourceInput = z.strictObject({
  feed: RecallFeedEnum,
  url: z.string().min(1).max(2000),
});

export const RecallAlert = z.object({
  id: z.string(),
  feed: RecallFeedEnum,
  reference: z.string(),
  period: z.string(),
  published_on: z.string().nullable(),
  case_number: z.string().nullable(),
  category: z.string().nullable(),
  product: z.string().nullable(),
  brand: z.string().nullable(),
  name: z.string().nullable(),
  model: z.string().nullable(),
  batch: z.string().nullable(),
  barcode: z.string().nullable(),
  gtins: z.array(z.string()),
  risk_type: z.string().nullable(),
  danger: z.string().nullable(),
  measures: z.string().nullable(),
  description: z.string().nullable(),
  notifying_country: z.string().nullable(),
  country_of_origin: z.string().nullable(),
  risk_level: z.string().nullable(),
  alert_type: z.string().nullable(),
  pictures: z.array(z.string()),
  url: z.string().nullable(),
  company_recall_code: z.string().nullable(),
  production_dates: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RecallAlert = z.infer<typeof RecallAlert>;

export const MatchReason = z.object({
  signal: z.enum(['gtin', 'brand_model', 'model', 'brand', 'batch', 'name', 'category']),
  alert_field: z.string(),
  alert_value: z.string(),
  sku_field: z.string(),
  sku_value: z.string(),
  weight: z.number(),
  note: z.string().optional(),
});

export const MATCH_STATUSES = ['open', 'confirmed', 'dismissed'] as const;

export const RecallMatch = z.object({
  id: z.string(),
  status: z.enum(MATCH_STATUSES),
  score: z.number(),
  strength: z.enum(['strong', 'weak']).describe('strong: a GTIN or brand + model agree; weak: listed apart.'),
  reasons: z.array(MatchReason).describe('Each signal: the alert field beside the SKU field, and its weight.'),
  sku: z.object({ id: z.string(), sku_code: z.string(), product_name: z.string(), gtin: z.string().nullable() }),
  alert: RecallAlert,
  decision_reason: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  case_id: z.string().nullable(),
  created_at: z.string(),
});
export type RecallMatch = z.infer<typeof RecallMatch>;

export const MatchListQuery = z.strictObject({
  status: z.enum(MATCH_STATUSES).optional(),
  strength: z.enum(['strong', 'weak']).optional(),
  sku_id: Uuid.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

export const DecideMatchInput = z.strictObject({
  decision: z.enum(['confirm', 'dismiss']),
  reason: z.string().trim().min(3).max(2000).describe('Why: kept in the audit log with the decision.'),
});

export const MarketStatusEnum = z.enum(['on_market', 'withdrawn', 'recalled']);

export const NoticeLanguage = z.object({
  title: z.string(),
  body: z.string(),
  edited: z.boolean(),
  generated_from: z.string().nullable().describe('The template language this text was generated from.'),
  missing_template: z.boolean().describe('No template in this language: the text is the English one, to translate.'),
  warnings: z.array(z.string()).describe('Wording the regulation forbids in a recall notice (GPSR Art. 36(3)).'),
});

export const RecallCase = z.object({
  id: z.string(),
  action: z.enum(['withdrawal', 'recall']),
  status: z.enum(['open', 'closed']),
  origin: z.enum(['match', 'manager']),
  reason: z.string(),
  hazard: z.string(),
  alert: RecallAlert.nullable(),
  skus: z.array(
    z.object({
      id: z.string(),
      sku_code: z.string(),
      product_name: z.string(),
      gtin: z.string().nullable(),
      batches: z.array(z.string()),
      market_status: MarketStatusEnum,
      public_id: z.string().nullable(),
    }),
  ),
  notice: z.object({
    languages: z.record(z.string(), NoticeLanguage),
    published_at: z.string().nullable(),
  }),
  supplier_request_id: z.string().nullable(),
  outcome: z.string().nullable(),
  opened_by: z.string().nullable(),
  closed_by: z.string().nullable(),
  closed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RecallCase = z.infer<typeof RecallCase>;

export const OpenRecallCaseInput = z.strictObject({
  action: z.enum(['withdrawal', 'recall']),
  reason: z.string().trim().min(3).max(2000),
  hazard: z.string().trim().max(4000).optional(),
  match_ids: z.array(Uuid).max(200).optional().describe('Confirmed matches this case carries out.'),
  skus: z
    .array(z.strictObject({ sku_id: Uuid, batches: z.array(z.string().trim().min(1).max(100)).max(100).default([]) }))
    .max(500)
    .optional()
    .describe("The SKUs (and batches) concerned; with match_ids, the matches' SKUs are added."),
});

export const EditNoticeInput = z.strictObject({
  language: z.string().regex(/^[a-z]{2}$/),
  title: z.string().trim().min(1).max(300),
  body: z.string().trim().min(1).max(20_000),
});

export const CloseRecallCaseInput = z.strictObject({
  outcome: z.string().trim().min(3).max(4000).describe('What was done and with what effect (units returned, …).'),
  market_status: MarketStatusEnum.optional().describe(
    "The SKUs' market status after the case (default: as the case left it).",
  ),
});

export const SupplierRequestForCaseInput = z.strictObject({
  to: z.email().max(320).optional().describe("Default: the SKU's manufacturer, else importer."),
  message: z.string().trim().max(4000).optional(),
});

// The API's request and response shapes (routes under /api/recalls take them from here).

export const RecallAlertListQuery = z.strictObject({
  period: z
    .string()
    .regex(/^\d{4}-W\d{2}$/)
    .optional()
    .describe('ISO week, e.g. 2026-W47.'),
  feed: RecallFeedEnum.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export const RecallAlertResponse = z.object({ data: RecallAlert });
export const RecallAlertListResponse = z.object({ data: z.array(RecallAlert) });

export const RecallCaseListQuery = z.strictObject({
  status: z.enum(['open', 'closed']).optional(),
  sku_id: Uuid.optional(),
});
export const RecallCaseResponse = z.object({ data: RecallCase });
export const RecallCaseListResponse = z.object({ data: z.array(RecallCase) });

const SbgField = z.object({ key: z.string(), label: z.string(), value: z.string().nullable(), missing: z.boolean() });
/** The Safety Business Gateway pack of a case (GET /api/recalls/cases/{id}/sbg). */
export const SbgPackSchema = z.object({
  case_id: z.string(),
  generated_at: z.string(),
  sections: z.array(z.object({ key: z.string(), title: z.string(), fields: z.array(SbgField) })),
  missing_count: z.number().int(),
});
export const SbgPackResponse = z.object({ data: SbgPackSchema });

export const FeedImportResponse = z.object({ data: FeedImport });
export const FeedImportListResponse = z.object({ data: z.array(FeedImport) });
export const FeedImportForm = z.object({
  feed: RecallFeedEnum,
  file: zFile({ maxBytes: FEED_LIMITS.maxBytes, description: 'The feed file.' }),
});
export const FeedSourceResponse = z.object({ data: FeedSource });
export const FeedSourceListResponse = z.object({ data: z.array(FeedSource) });

export const RecallMatchResponse = z.object({ data: RecallMatch });
export const RecallMatchListResponse = z.object({
  data: z.array(RecallMatch),
  counts: z.object({
    open_strong: z.number().int(),
    open_weak: z.number().int(),
    confirmed: z.number().int(),
    dismissed: z.number().int(),
  }),
});
export const FeedSourceDeletedResponse = z.object({ data: z.object({ id: z.string(), deleted: z.literal(true) }) });
export const RematchResponse = z.object({ data: z.object({ new_matches: z.number().int() }) });

/** GET /p/{public_id}/recall: the product's recall status and its published notice per language. */
export const PublicRecallStatus = z.object({
  public_id: z.string(),
  recall_status: z.enum(['on_market', 'withdrawn', 'recalled']),
  action: z.enum(['recall', 'withdrawal']).nullable(),
  published_at: z.string().nullable(),
  notice: z.record(z.string(), z.object({ title: z.string(), body: z.string() })).nullable(),
});
