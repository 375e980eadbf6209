import { z } from 'zod';
import { ROLES } from '@/lib/auth/roles';
import { fieldKeySchema } from '@/lib/model/catalogue';
import { OPERATOR_ROLES } from '@/lib/enums';
import { DateTime, Uuid, pageOf } from '@/lib/http/schemas';
import { SKU_STATES } from './states';

/** The one SKU-code rule (API, form, importer, product pages): 1-50 letters, digits, underscores, hyphens. */
export const SKU_CODE_RE = /^[A-Za-z0-9_-]{1,50}$/;

export const CreateSkuInput = z
  .strictObject({
    sku_code: z.string().min(1).max(50).regex(SKU_CODE_RE, 'letters, digits, underscore and hyphen only'),
    product_name: z
      .string()
      .min(1)
      .max(200)
      .refine((s) => s.trim().length > 0, 'must not be blank'),
    // The contract's rule only: a wrong check digit is stored as given and reported as the warning
    // GTIN_CHECK_DIGIT_INVALID on the SKU (lib/gtin.ts acceptGtin), never refused.
    gtin: z
      .string()
      .regex(/^(\d{8}|\d{12}|\d{13}|\d{14})$/, 'digits only, exactly 8, 12, 13 or 14 digits')
      .nullable()
      .optional(),
    category_code: z.string().max(100).optional(),
    external_sku_id: z.string().max(200).nullable().optional(),
  })
  .meta({ id: 'CreateSkuInput' });
export type CreateSkuInput = z.infer<typeof CreateSkuInput>;

export { SKU_STATES };
export const SkuStatus = z.enum(SKU_STATES);
export type SkuStatus = z.infer<typeof SkuStatus>;

/**
 * The contract's Sku (additional properties allowed, so .loose()) with every field serializeSku sends:
 * the client's type is this schema's, so a field missing here is a field the UI cannot read.
 */
export const Sku = z
  .object({
    id: Uuid,
    sku_code: z.string(),
    product_name: z.string(),
    gtin: z.string().nullable(),
    category_code: z.string().nullable(),
    review_state: z.enum(['open', 'complete']),
    approval_state: z.enum(['pending', 'approved']),
    blocker_count: z.number().int(),
    created_at: DateTime,
    updated_at: DateTime,
    external_sku_id: z.string().nullable(),
    category_defaulted: z.boolean(),
    category_text: z.string().nullable().describe('the category as given, e.g. a shop path "Leuchten > Tischleuchten"'),
    category_match: z
      .object({ confidence: z.number(), reason: z.string(), source: z.string() })
      .nullable()
      .describe('how category_code was decided: from the code, the path, the name, the voltage, documents or a person'),
    requirement_profile_id: z.string().nullable(),
    operator_role: z
      .enum(OPERATOR_ROLES)
      .describe(
        'The seller’s effective economic-operator role for this SKU (GPSR Art. 3): its own where set, else the workspace’s. The requirement rules, blockers and held-by states follow it.',
      ),
    operator_role_override: z
      .enum(OPERATOR_ROLES)
      .nullable()
      .describe('The SKU’s own role (PUT /api/skus/{id}/operator-role); null: it follows the workspace’s role.'),
    warning_count: z.number().int(),
    status: SkuStatus,
    review_completed_at: DateTime.nullable(),
    review_completed_by: z.string().nullable().describe('who completed the review (a label)'),
    approved_at: DateTime.nullable(),
    approved_by: z.string().nullable().describe('who approved (a label)'),
    public_id: z.string().nullable(),
    published_revision: z.number().int().nullable(),
    published_at: DateTime.nullable(),
  })
  .loose()
  .meta({ id: 'Sku' });
export type Sku = z.infer<typeof Sku>;

export const SkuBlockerWaiver = z.object({ by: z.string(), at: DateTime, reason: z.string() });

export const SkuBlocker = z
  .object({
    code: z.string(),
    key: z.string().optional().describe('unique within one evaluation: the code, or "code:qualifier"'),
    severity: z.enum(['blocker', 'warning']),
    message: z.string(),
    required_fields: z.array(z.string()),
    required_document_types: z.array(z.string()).optional(),
    fix: z
      .object({
        kind: z
          .enum(['field', 'document', 'entity', 'review', 'held_by'])
          .describe(
            'held_by: a duty another operator holds; confirm it (POST /api/skus/{id}/held-by) with target the rule id',
          ),
        target: z.string(),
      })
      .optional(),
    rule_id: z.string().optional(),
    legal_basis: z.string().optional(),
    doc_url: z.string().optional().describe("the rule's entry on /docs/requirements"),
    waivable: z.boolean().optional(),
    waived: SkuBlockerWaiver.nullable().optional(),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .loose()
  .meta({ id: 'SkuBlocker' });
export type SkuBlocker = z.infer<typeof SkuBlocker>;

export const CreateSkuDryRunResponse = z
  .strictObject({
    dry_run: z.literal(true),
    can_create: z.boolean(),
    normalized_sku: z
      .strictObject({
        sku_code: z.string(),
        product_name: z.string(),
        gtin: z.string().nullable(),
        category_code: z.string(),
        external_sku_id: z.string().nullable(),
      })
      .nullable(),
    category: z.strictObject({ selected_code: z.string().nullable(), defaulted: z.boolean() }),
    requirement_profile: z.strictObject({ would_attach_default: z.boolean(), id: z.string().nullable() }),
    plan_limit: z
      .strictObject({ plan: z.string(), limit: z.number().int(), current_count: z.number().int().nullable() })
      .nullable(),
    blocking_reason: z
      .object({
        code: z.string(),
        message: z.string(),
        details: z.union([z.record(z.string(), z.unknown()), z.string(), z.array(z.unknown()), z.null()]).optional(),
      })
      .loose()
      .nullable(),
  })
  .meta({ id: 'CreateSkuDryRunResponse' });

export const SkuDetail = z
  .object({
    sku: Sku,
    blockers: z.array(SkuBlocker),
    status: SkuStatus,
    can_generate_draft: z.boolean(),
    can_publish: z.boolean(),
  })
  .meta({ id: 'SkuDetail' });
export type SkuDetail = z.infer<typeof SkuDetail>;

export const ListSkusQuery = z.object({
  cursor: z.string().max(500).optional().describe('Opaque cursor from next_cursor.'),
  limit: z.coerce.number().int().min(1).max(100).default(50).describe('Page size, 1 to 100 (default 50).'),
  q: z
    .string()
    .max(200)
    .optional()
    .describe(
      "Search in sku_code, product_name, gtin (leading zeros and separators ignored), the manufacturer's name or trade mark, and the confirmed brand.",
    ),
  status: z
    .union([z.enum(SKU_STATES), z.array(z.enum(SKU_STATES))])
    .optional()
    .describe('Filter by status (repeatable).'),
  has_blockers: z
    .enum(['true', 'false'])
    .optional()
    .describe('Only SKUs with (true) or without (false) open blockers.'),
  category_code: z.string().max(100).optional(),
  market: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'an ISO 3166-1 alpha-2 code, e.g. FR')
    .optional()
    .describe('Only SKUs whose confirmed target markets include this country (ISO code, e.g. FR).'),
  blocker_code: z
    .string()
    .max(100)
    .optional()
    .describe('Only SKUs with an open (not waived) blocker or warning of this code, e.g. CE_MARKING_MISSING.'),
  entity_id: Uuid.optional().describe(
    'Only SKUs linked to this economic operator (manufacturer, importer, responsible person) in any role.',
  ),
  sort: z
    .enum(['created_desc', 'created_asc', 'code_asc', 'code_desc', 'blockers_desc', 'serious_desc'])
    .default('created_desc')
    .describe(
      'Stable order; ties broken by id. serious_desc: most serious first (the legal weight of the worst open blocker: cannot be placed on the market, cannot be listed online, data quality; then their number); blockers_desc: most open blockers first.',
    ),
});
export type ListSkusQuery = z.infer<typeof ListSkusQuery>;

/** "Select all matching": the most SKUs one bulk action over a filter may touch. */
export const BULK_FILTER_MAX = 10_000;

/** The list's filters as a bulk action's target ("every SKU matching"): the query of GET /api/skus, in a body. */
export const SkuFilter = z
  .strictObject({
    q: ListSkusQuery.shape.q,
    status: z.array(z.enum(SKU_STATES)).max(SKU_STATES.length).optional().describe('Any of these statuses.'),
    has_blockers: ListSkusQuery.shape.has_blockers,
    category_code: ListSkusQuery.shape.category_code,
  })
  .meta({ id: 'SkuFilter' });
export type SkuFilter = z.infer<typeof SkuFilter>;

export const CountSkusQuery = ListSkusQuery.omit({ cursor: true, limit: true, sort: true });
export type CountSkusQuery = z.infer<typeof CountSkusQuery>;

export const SkuList = pageOf(Sku);
export type SkuList = z.infer<typeof SkuList>;

/** One approval record: who approved, when, and what they signed (the dossier hash). */
export const SkuApproval = z
  .object({
    id: Uuid,
    approved_by: z.string(),
    approved_by_user_id: z.string().nullable(),
    approved_at: DateTime,
    dossier_hash: z
      .string()
      .describe('SHA-256 of the confirmed values, operators, documents (by content hash) and waivers approved.'),
    waivers: z.array(z.object({ code: z.string(), reason: z.string(), by: z.string(), at: DateTime })),
    review_completed_by: z.string().nullable(),
    four_eyes: z.boolean(),
  })
  .meta({ id: 'SkuApproval' });
export type SkuApproval = z.infer<typeof SkuApproval>;

/** A four-eyes refusal as the approve dry run reports it (the error's code, message and details). */
const FourEyesCheck = z.union([
  z.object({
    code: z.literal('REVIEW_NOT_COMPLETE'),
    message: z.string(),
    review_state: z.enum(['open', 'complete']),
  }),
  z.object({
    code: z.literal('FOUR_EYES_REQUIRED'),
    message: z.string(),
    excluded: z.array(z.object({ user_id: z.string(), email: z.string().nullable(), reasons: z.array(z.string()) })),
    eligible_approvers: z.array(z.object({ user_id: z.string(), email: z.string(), role: z.enum(ROLES) })),
  }),
]);

export const ApproveSkuResponse = z.union([
  z.object({
    dry_run: z.literal(true),
    can_approve: z.boolean(),
    already_approved: z.boolean(),
    blockers: z.array(SkuBlocker),
    four_eyes: FourEyesCheck.nullable(),
    sku: Sku,
  }),
  z.object({ sku: Sku, approval: SkuApproval.optional().describe('absent when the SKU was already approved') }),
  // The dry run comes first: a union takes the first shape that parses, and { sku } alone would.
]);
export type ApproveSkuResponse = z.infer<typeof ApproveSkuResponse>;

const OpenReviewItem = z.object({ message: z.string(), details: z.unknown() });

/** What review completion waits for: the dry run's answer and the details of its 409 REVIEW_INCOMPLETE. */
export const ReviewIncompleteDetails = z.object({
  open_review_issues: z.array(OpenReviewItem),
  open_conflicts: z.array(OpenReviewItem.extend({ required_fields: z.array(z.string()) })),
});
export type ReviewIncompleteDetails = z.infer<typeof ReviewIncompleteDetails>;

/** The details of approval's 409 APPROVAL_BLOCKED: the open blocker-severity blockers. */
export const ApprovalBlockedDetails = z.object({
  blockers: z.array(SkuBlocker.pick({ code: true, message: true, required_fields: true })),
});
export type ApprovalBlockedDetails = z.infer<typeof ApprovalBlockedDetails>;

export const CompleteReviewResponse = z.union([
  z.object({
    dry_run: z.literal(true),
    can_complete: z.boolean(),
    ...ReviewIncompleteDetails.shape,
    sku: Sku,
  }),
  z.object({ sku: Sku }),
]);
export type CompleteReviewResponse = z.infer<typeof CompleteReviewResponse>;
export type ApproveDryRun = Extract<ApproveSkuResponse, { dry_run: true }>;
export type CompleteReviewDryRun = Extract<CompleteReviewResponse, { dry_run: true }>;

export const SkuActivityEvent = z
  .object({
    id: z.string(),
    action: z.string(),
    actor: z.string().nullable(),
    data: z.record(z.string(), z.unknown()),
    created_at: z.string(),
  })
  .meta({ id: 'ActivityEvent' });
export type SkuActivityEvent = z.infer<typeof SkuActivityEvent>;

export const SkuComment = z.object({
  id: z.string(),
  author: z.string(),
  author_user_id: z.string().nullable(),
  body: z.string(),
  mentions: z.array(z.object({ user_id: z.string(), email: z.string().nullable() })),
  created_at: z.string(),
});
export type SkuComment = z.infer<typeof SkuComment>;

/** GET /api/skus/{id}/comments: the thread, oldest first. */
export const SkuCommentList = z.object({ data: z.array(SkuComment) });

/** Longest comment, in characters. */
export const COMMENT_MAX = 4000;
/** POST /api/skus/{id}/comments: "@member@company.com" in the body mentions a member. */
export const CreateSkuCommentInput = z.strictObject({ body: z.string().trim().min(1).max(COMMENT_MAX) });

/** POST /api/skus/{id}/comments: the comment, and who was mailed about it. */
export const SkuCommentCreated = z.object({ data: SkuComment.extend({ notified: z.array(z.string()) }) });
export type SkuCommentCreated = z.infer<typeof SkuCommentCreated>;

export const SkuAssignment = z.object({
  sku_id: Uuid,
  assignee: z.object({ user_id: Uuid, email: z.string().nullable() }).nullable(),
});
export type SkuAssignment = z.infer<typeof SkuAssignment>;
/** PUT /api/skus/{id}/assignee: the member to assign the SKU to (null: to nobody). */
export const AssignSkuInput = z.strictObject({ user_id: Uuid.nullable() });

/** POST /api/skus/{id}/picture: the stored picture and the dossier field it was set on. */
export const SkuPictureUpload = z.object({
  picture: z.object({ url: z.string(), width: z.number().int(), height: z.number().int(), bytes: z.number().int() }),
  field: z.record(z.string(), z.unknown()),
});
export type SkuPictureUpload = z.infer<typeof SkuPictureUpload>;

/** Response shapes of the routes that read and edit a SKU's dossier. */

export const DossierValueSchema = z
  .object({
    id: z.string(),
    field_key: z.string(),
    value: z.string(),
    status: z.enum(['suggested', 'confirmed', 'rejected']),
    source: z.enum(['manual', 'import', 'document_extraction', 'ai_suggestion', 'entity_sync', 'supplier_answer']),
    provenance: z.record(z.string(), z.unknown()),
    confidence: z.number().nullable(),
    created_by: z.string().nullable(),
    created_at: z.string(),
    decided_by: z.string().nullable(),
    decided_at: z.string().nullable(),
    superseded_at: z.string().nullable(),
  })
  .meta({ id: 'DossierValue' });

export const ReviewIssueSchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    field_key: z.string().nullable(),
    message: z.string(),
    status: z.enum(['open', 'resolved']),
    created_at: z.string(),
    resolved_at: z.string().nullable(),
    resolved_by: z.string().nullable(),
  })
  .meta({ id: 'ReviewIssue' });

export const WaiverSchema = z
  .object({
    id: z.string(),
    code: z.string(),
    reason: z.string(),
    waived_by: z.string(),
    waived_at: z.string(),
    revoked_at: z.string().nullable(),
  })
  .meta({ id: 'BlockerWaiver' });
/** POST /api/skus/{id}/waivers: code is a blocker code (every occurrence) or key (one occurrence). */
export const WaiveBlockerInput = z
  .strictObject({ code: z.string().min(1).max(120), reason: z.string().trim().min(1).max(500) })
  .meta({ id: 'WaiveBlockerInput' });
/** POST /api/skus/{id}/review-issues: the question a reviewer raises, optionally about one dossier field. */
export const CreateReviewIssueInput = z
  .strictObject({ message: z.string().trim().min(1).max(2000), field_key: fieldKeySchema.nullable().optional() })
  .meta({ id: 'CreateReviewIssueInput' });
export type DossierValue = z.infer<typeof DossierValueSchema>;
export type ReviewIssue = z.infer<typeof ReviewIssueSchema>;
export type BlockerWaiver = z.infer<typeof WaiverSchema>;

/** PUT /api/skus/{id}/dossier/{field_key}: the stored value and whether it changed (or, with dry_run, would). */
export const SetDossierValueResponse = z.union([
  z.object({ value: DossierValueSchema, changed: z.boolean() }),
  z.object({ dry_run: z.literal(true), normalized_value: z.string(), would_change: z.boolean() }).loose(),
]);
export type SetDossierValueResult = Extract<z.infer<typeof SetDossierValueResponse>, { changed: boolean }>;

/** PUT and DELETE /api/skus/{id}/dossier/{field_key}. */
export const DossierFieldParams = z.object({ id: Uuid, fieldKey: z.string().min(1).max(64) });
/** PUT /api/skus/{id}/dossier/{field_key}: the value, validated and normalised for the field. */
export const SetDossierValueInput = z
  .strictObject({ value: z.union([z.string().max(20_000), z.number()]) })
  .meta({ id: 'SetDossierValueInput' });
/** DELETE /api/skus/{id}/dossier/{field_key}: the confirmed value is cleared (kept in the history). */
export const DossierValueCleared = z.object({ cleared: z.literal(true), field_key: z.string() });

/** Where a suggested value comes from: a document's page and quote, an import row, a job, an entity. */
export const SuggestionProvenance = z
  .strictObject({
    document_id: Uuid.optional(),
    document_name: z.string().max(300).optional(),
    page: z.number().int().min(1).max(100_000).optional(),
    quote: z.string().max(2000).optional(),
    batch_id: Uuid.optional(),
    row: z.number().int().min(0).max(10_000_000).optional(),
    column: z.string().max(200).optional(),
    job_id: Uuid.optional(),
    entity_id: Uuid.optional(),
    note: z.string().max(500).optional(),
  })
  .meta({ id: 'Provenance' });

/** POST /api/skus/{id}/dossier/suggestions: values proposed, never confirmed until a person confirms them. */
export const AddSuggestionsInput = z
  .strictObject({
    suggestions: z
      .array(
        z.strictObject({
          field_key: z.string().min(1).max(64),
          value: z.string().max(20_000),
          source: z.enum(['import', 'document_extraction', 'ai_suggestion', 'entity_sync']),
          provenance: SuggestionProvenance.optional(),
          confidence: z.number().min(0).max(1).nullable().optional(),
        }),
      )
      .min(1)
      .max(200),
  })
  .meta({ id: 'AddSuggestionsInput' });
/** What was stored and what was skipped (invalid, or a duplicate of a present, suggested or rejected value). */
export const AddSuggestionsResponse = z.object({
  inserted: z.array(DossierValueSchema),
  skipped: z.array(z.object({ field_key: z.string(), reason: z.string() })),
});

export const DossierField = z
  .object({
    field_key: z.string(),
    section: z.string().nullable(),
    current: DossierValueSchema.nullable(),
    suggestions: z.array(DossierValueSchema.extend({ conflicts_with_current: z.boolean() })),
    history: z.array(DossierValueSchema),
  })
  .meta({ id: 'DossierField' });
export type DossierField = z.infer<typeof DossierField>;

export const Dashboard = z
  .object({
    totals: z.object({
      skus: z.number().int(),
      published: z.number().int(),
      approved: z.number().int(),
      blocked: z.number().int(),
      needs_review: z.number().int(),
      ready_for_approval: z.number().int(),
      category_not_recognised: z
        .number()
        .int()
        .describe('SKUs whose category was not recognised: only the general rules are checked for them'),
    }),
    by_status: z.array(z.object({ status: z.string(), count: z.number().int() })),
    top_blockers: z.array(z.object({ code: z.string(), count: z.number().int(), example_message: z.string() })),
    obligations: z
      .array(
        z.object({
          code: z.string(),
          language: z.string().nullable().describe('ISO 639-1 code for an obligation per language, e.g. "fr"'),
          count: z.number().int().describe('SKUs with this open obligation'),
          legal_weight: z.enum(['market', 'online', 'data_quality']),
          href: z.string().describe('the SKU list filtered to them'),
        }),
      )
      .describe('Open obligations across SKUs ("32 SKUs lack French warnings"), most serious first.'),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof Dashboard>;

// Saved views of the SKU list (lib/skus/views.ts); exports take one as their scope.
export const SavedViewFiltersSchema = z.strictObject({
  q: z.string().max(200).optional(),
  status: z.array(z.enum(SKU_STATES)).max(SKU_STATES.length).optional(),
  has_blockers: z.enum(['true', 'false']).optional(),
  category_code: z.string().max(100).optional(),
  sort: z.enum(['created_desc', 'created_asc', 'code_asc', 'code_desc', 'blockers_desc', 'serious_desc']).optional(),
});
export const CreateSavedViewInput = z.strictObject({
  name: z.string().trim().min(1).max(100),
  filters: SavedViewFiltersSchema,
});
export type CreateSavedViewInput = z.infer<typeof CreateSavedViewInput>;

export const SavedView = z
  .object({
    id: Uuid,
    name: z.string(),
    filters: SavedViewFiltersSchema,
    kind: z
      .enum(['filters', 'selection'])
      .describe("filters: the filter's SKUs plus those added by hand; selection: only the SKUs added by hand."),
    created_at: DateTime,
  })
  .meta({ id: 'SavedView' });
export type SavedView = z.infer<typeof SavedView>;

// The API's remaining request and response shapes (routes under /api/skus take them from here).
export const SkuActivityQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(100),
  cursor: z.string().max(200).optional(),
});
export const SkuActivityPage = z.object({
  events: z.array(SkuActivityEvent),
  has_more: z.boolean(),
  next_cursor: z.string().nullable(),
});
export const SkuApprovalListResponse = z.object({ data: z.array(SkuApproval) });
export const DossierFieldsResponse = z.object({ fields: z.array(DossierField) });
export const ConfirmDossierValueInput = z.strictObject({ value: z.string().max(20_000).optional() }).optional();
export const RejectDossierValueInput = z.strictObject({ reason: z.string().max(500).optional() }).optional();
export const DossierValueResponse = z.object({ value: DossierValueSchema });
export const ReviewIssueResponse = z.object({ issue: ReviewIssueSchema });
export const ReviewIssueListResponse = z.object({ data: z.array(ReviewIssueSchema) });
export const WaiverResponse = z.object({ waiver: WaiverSchema });
export const WaiverListResponse = z.object({ data: z.array(WaiverSchema) });
export const SkuCountResponse = z.object({ count: z.number().int() });
export const SkuCreatedResponse = z.object({ sku: Sku });
export const SkuDeletedResponse = z.object({ success: z.boolean(), deleted_id: Uuid });
export const SavedViewResponse = z.object({ view: SavedView });
export const SavedViewListResponse = z.object({ data: z.array(SavedView) });
export const SavedViewDeletedResponse = z.object({ success: z.boolean(), deleted_id: z.string() });

/** GET /api/v1/skus: the versioned Bearer listing's fixed, documented item shape. */
export const V1Sku = z
  .strictObject({
    id: z.string(),
    sku_code: z.string(),
    product_name: z.string(),
    gtin: z.string().nullable(),
    category_code: z.string(),
    external_sku_id: z.string().nullable(),
    status: z.string(),
    review_state: z.string(),
    approval_state: z.string(),
    blocker_count: z.number().int(),
    warning_count: z.number().int(),
    public_id: z.string().nullable(),
    published_revision: z.number().int().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'V1Sku' });
export type V1Sku = z.infer<typeof V1Sku>;
export const V1SkuPage = z.object({ data: z.array(V1Sku), has_more: z.boolean(), next_cursor: z.string().nullable() });
