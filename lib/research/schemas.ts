import { z } from 'zod';
import { Uuid } from '@/lib/http/schemas';

/** The contract's ProductResearchRequest / ProductResearchResponse (validation and OpenAPI). */

export const RESEARCH_FIELDS = ['manufacturer_website', 'product_category', 'ean', 'hs_code'] as const;
export type ResearchField = (typeof RESEARCH_FIELDS)[number];

export const ProductResearchRequest = z
  .strictObject({
    sku_id: Uuid,
    fields_to_research: z.array(z.enum(RESEARCH_FIELDS)).min(1).max(4),
    context: z
      .strictObject({
        product_name: z.string().max(500).optional(),
        manufacturer_name: z.string().max(500).optional(),
        sku_code: z.string().max(200).optional(),
      })
      .optional(),
  })
  .meta({ id: 'ProductResearchRequest' });
export type ProductResearchInput = z.infer<typeof ProductResearchRequest>;

export const ProductResearchFinding = z
  .strictObject({
    field: z.enum(RESEARCH_FIELDS),
    suggested_value: z.string(),
    confidence: z.number().min(0).max(1),
    source_url: z.url(),
    source_snippet: z.string(),
    reasoning: z.string(),
  })
  .meta({ id: 'ProductResearchFinding' });
export type Finding = z.infer<typeof ProductResearchFinding>;

export const ProductResearchResponse = z
  .looseObject({
    findings: z.array(ProductResearchFinding),
    status: z.enum(['partial', 'complete', 'not_found']),
    provider_available: z.boolean(),
    cached: z.boolean().optional(),
    fields: z
      .array(
        z.strictObject({
          field: z.enum(RESEARCH_FIELDS),
          status: z.enum(['found', 'not_found', 'error']),
          error: z.enum(['provider_unavailable', 'search_failed']).optional(),
        }),
      )
      .optional(),
    /** the provider's web search (AI_WEB_SEARCH): whether it ran, and how many of its results the cited pages did not bear out */
    web_search: z
      .strictObject({
        status: z.enum(['disabled', 'skipped', 'used', 'failed']),
        reason: z.string().optional(),
        pages_checked: z.number().int().min(0).optional(),
        findings_dropped: z.number().int().min(0).optional(),
      })
      .optional(),
  })
  .meta({ id: 'ProductResearchResponse' });
export type ResearchResponse = z.infer<typeof ProductResearchResponse>;
