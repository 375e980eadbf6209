import { z } from 'zod';
import { checkGtin } from '@/lib/gtin';
import { DateTime, Uuid } from '@/lib/http/schemas';

export const SKU_CODE_RE = /^[A-Za-z0-9_-]+$/;

export const CreateSkuInput = z
  .strictObject({
    sku_code: z.string().min(1).max(50).regex(SKU_CODE_RE, 'letters, digits, underscore and hyphen only'),
    product_name: z.string().min(1).max(200).refine((s) => s.trim().length > 0, 'must not be blank'),
    gtin: z
      .string()
      .regex(/^(\d{8}|\d{12}|\d{13}|\d{14})$/, 'digits only, exactly 8, 12, 13 or 14 digits')
      .refine((g) => !/^\d+$/.test(g) || checkGtin(g).ok, 'not a valid GTIN: the check digit is wrong (a typo or a lost leading zero) or it is all zeros')
      .nullable()
      .optional(),
    category_code: z.string().max(100).optional(),
    external_sku_id: z.string().max(200).nullable().optional(),
  })
  .meta({ id: 'CreateSkuInput' });
export type CreateSkuInput = z.infer<typeof CreateSkuInput>;

export const Sku = z
  .object({
    id: Uuid,
    sku_code: z.string(),
    product_name: z.string(),
    gtin: z.string().nullable().optional(),
    category_code: z.string().nullable().optional(),
    review_state: z.string().nullable().optional(),
    approval_state: z.string().nullable().optional(),
    blocker_count: z.number().int().nullable().optional(),
    created_at: DateTime,
  })
  .loose()
  .meta({ id: 'Sku' });

export const SkuBlocker = z
  .object({ code: z.string(), severity: z.string(), message: z.string(), required_fields: z.array(z.string()).optional() })
  .loose()
  .meta({ id: 'SkuBlocker' });

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
    plan_limit: z.strictObject({ plan: z.string(), limit: z.number().int(), current_count: z.number().int().nullable() }).nullable(),
    blocking_reason: z
      .object({ code: z.string(), message: z.string(), details: z.union([z.record(z.string(), z.unknown()), z.string(), z.array(z.unknown()), z.null()]).optional() })
      .loose()
      .nullable(),
  })
  .meta({ id: 'CreateSkuDryRunResponse' });

export const SkuDetail = z.object({
  sku: Sku,
  blockers: z.array(SkuBlocker),
  status: z.string(),
  can_generate_draft: z.boolean(),
  can_publish: z.boolean(),
});

export const SKU_STATES = ['blocked', 'needs_review', 'ready_for_approval', 'approved', 'published'] as const;

export const ListSkusQuery = z.object({
  cursor: z.string().max(500).optional().describe('Opaque cursor from next_cursor.'),
  limit: z.coerce.number().int().min(1).max(100).default(50).describe('Page size, 1 to 100 (default 50).'),
  q: z.string().max(200).optional().describe('Search in sku_code, product_name and gtin.'),
  status: z
    .union([z.enum(SKU_STATES), z.array(z.enum(SKU_STATES))])
    .optional()
    .describe('Filter by status (repeatable).'),
  has_blockers: z.enum(['true', 'false']).optional().describe('Only SKUs with (true) or without (false) open blockers.'),
  category_code: z.string().max(100).optional(),
  sort: z.enum(['created_desc', 'created_asc', 'code_asc', 'code_desc', 'blockers_desc']).default('created_desc').describe('Stable order; ties broken by id.'),
});
export type ListSkusQuery = z.infer<typeof ListSkusQuery>;

export const SkuList = z.object({ data: z.array(Sku), next_cursor: z.string().nullable().optional(), has_more: z.boolean() });
