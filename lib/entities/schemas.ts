import { z } from 'zod';
import { countryCode } from '@/lib/address/country';
import { DateTime, Uuid } from '@/lib/http/schemas';
import { normalizeCountryCode } from '@/lib/requirements';

const opt = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

export const ENTITY_ROLES = ['manufacturer', 'importer', 'responsible_person', 'authorised_representative'] as const;
export const EntityRoleSchema = z.enum(ENTITY_ROLES);

export const EntityInput = z
  .strictObject({
    name: z.string().trim().min(1).max(200),
    trade_mark: opt(200),
    street: opt(200),
    postal_code: opt(20),
    city: opt(100),
    region: opt(100),
    country: z
      .string()
      .trim()
      .max(60)
      .nullable()
      .optional()
      .transform((v, ctx) => {
        if (!v) return null;
        // ISO codes, and names in any EU language ("Volksrepublik China", "Chine") via the country data library.
        const code = normalizeCountryCode(v) ?? countryCode(v);
        if (!code) {
          ctx.addIssue({ code: 'custom', message: 'must be an ISO 3166-1 country (code or name)' });
          return z.NEVER;
        }
        return code;
      }),
    email: z
      .email()
      .max(254)
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    contact_url: z
      .url({ protocol: /^https?$/ })
      .max(500)
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    phone: opt(40),
  })
  .meta({ id: 'EntityInput' });
export type EntityInput = z.output<typeof EntityInput>;

export const EntityPatch = EntityInput.partial().meta({ id: 'EntityPatch' });

export const Entity = z
  .object({
    id: Uuid,
    name: z.string(),
    trade_mark: z.string().nullable(),
    street: z.string().nullable(),
    postal_code: z.string().nullable(),
    city: z.string().nullable(),
    region: z.string().nullable(),
    country: z.string().nullable(),
    email: z.string().nullable(),
    contact_url: z.string().nullable(),
    phone: z.string().nullable(),
    eu_established: z.boolean(),
    postal_address: z.string().nullable(),
    sku_count: z.number().int().optional(),
    /** The roles it holds on SKUs (list and detail). */
    roles: z.array(EntityRoleSchema).optional(),
    created_at: DateTime,
    updated_at: DateTime,
  })
  .meta({ id: 'Entity' });
export type Entity = z.infer<typeof Entity>;

/** GET /api/skus/{id}/entities: the entity linked to the SKU in each role. */
export const SkuEntityLink = z.object({ role: EntityRoleSchema, entity: Entity });
export type SkuEntityLink = z.infer<typeof SkuEntityLink>;
export const SkuEntityLinks = z.object({ links: z.array(SkuEntityLink) });

export const LinkedSku = z
  .object({
    role: EntityRoleSchema,
    sku: z.object({
      id: z.string(),
      sku_code: z.string(),
      product_name: z.string(),
      blocker_count: z.number().int(),
      approval_state: z.string(),
    }),
  })
  .meta({ id: 'EntityLinkedSku' });

export const EntityMerge = z
  .object({
    id: z.string(),
    survivor_id: z.string(),
    merged_id: z.string(),
    merged_name: z.string(),
    moved_links: z.array(z.object({ sku_id: z.string(), role: EntityRoleSchema })),
    moved_provenance: z.number().int(),
    filled_fields: z.array(z.string()),
    created_at: z.string(),
    actor_label: z.string().nullable(),
    undone_at: z.string().nullable(),
  })
  .meta({ id: 'EntityMerge' });

export type EntityMerge = z.infer<typeof EntityMerge>;
export type EntityLinkedSku = z.infer<typeof LinkedSku>;

/** GET /api/entities: a keyset page of entities. */
export const EntityPage = z
  .object({ data: z.array(Entity), next_cursor: z.string().nullable(), has_more: z.boolean() })
  .meta({ id: 'EntityPage' });
export type EntityPage = z.infer<typeof EntityPage>;

/** GET /api/entities/{id}: the entity with its roles and the SKUs linked to it. */
export const EntityDetail = z.object({ entity: Entity, linked_skus: z.array(LinkedSku) }).meta({ id: 'EntityDetail' });
export type EntityDetail = z.infer<typeof EntityDetail>;

/** POST /api/entities/{id}/merge. */
export const EntityMergeResult = z.object({ merge: EntityMerge, entity: Entity });
export type EntityMergeResult = z.infer<typeof EntityMergeResult>;
/** POST /api/entities/{id}/merge: the duplicate to merge into this entity. */
export const MergeEntityInput = z.strictObject({ duplicate_id: Uuid });

// The API's remaining request and response shapes (routes under /api/entities take them from here).
export const EntityListQuery = z.object({
  q: z.string().max(200).optional(),
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(500),
});
export const EntityResponse = z.object({ entity: Entity });
export const EntityDeletedResponse = z.object({ deleted_id: Uuid });
export const EntityMergeListResponse = z.object({ data: z.array(EntityMerge) });

/**
 * Entity candidates of a document (lib/entities/candidates.ts): GET /api/documents/{id}/entity-candidates and
 * POST /api/documents/{id}/entity-candidates/{role}.
 */
export const CandidateRole = z.enum(['manufacturer', 'importer', 'responsible_person']);
export type CandidateRole = z.infer<typeof CandidateRole>;

/** A decision that links an existing entity names it: shared by a document's candidates and an import's. */
export function requireEntityToLink(d: { action: string; entity_id?: string }, ctx: z.RefinementCtx) {
  if (d.action === 'link_existing' && !d.entity_id)
    ctx.addIssue({
      code: 'custom',
      path: ['entity_id'],
      message: 'entity_id is required when action is link_existing',
    });
}

export const ApplyCandidateInput = z
  .strictObject({
    sku_id: z.uuid(),
    action: z.enum(['link_existing', 'create_new']),
    entity_id: z.uuid().optional(),
  })
  .superRefine(requireEntityToLink)
  .meta({ id: 'ApplyEntityCandidateInput' });
export type ApplyCandidateInput = z.output<typeof ApplyCandidateInput>;

const Address = z.object({
  street: z.string().nullable(),
  postal_code: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string().nullable(),
});
export const EntityCandidateSchema = z
  .object({
    role: CandidateRole,
    name: z.string(),
    address: Address.nullable(),
    address_text: z.string().nullable(),
    email: z.string().nullable(),
    page: z.number().int().nullable(),
    quote: z.string(),
    matches: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        country: z.string().nullable(),
        postal_address: z.string().nullable(),
      }),
    ),
    linked: z.object({ entity_id: z.string(), name: z.string(), same: z.boolean() }).nullable(),
  })
  .meta({ id: 'DocumentEntityCandidate' });
export type DocumentEntityCandidate = z.infer<typeof EntityCandidateSchema>;

export const EntityCandidatesQuery = z.object({ sku_id: Uuid.optional() });
export const EntityCandidateList = z.object({
  document_id: z.string(),
  sku_id: z.string().nullable(),
  candidates: z.array(EntityCandidateSchema),
});
export const AppliedEntityCandidate = z.object({
  created: z.boolean(),
  role: z.string(),
  entity: z.record(z.string(), z.unknown()),
});

/** POST /api/entity-merges/{id}/undo: the merge, the entity back with its id, and the links moved back. */
export const EntityMergeUndone = z.object({
  merge: EntityMerge,
  entity: Entity,
  restored_links: z.array(z.object({ sku_id: z.string(), role: EntityRoleSchema })),
});

/** PUT and DELETE /api/skus/{id}/entities/{role}. */
export const SkuEntityRoleParams = z.object({ id: Uuid, role: EntityRoleSchema });
export const LinkSkuEntityInput = z.strictObject({ entity_id: Uuid });
export const SkuEntityLinked = z.object({ role: z.string(), entity: Entity });
export const SkuEntityUnlinked = z.object({ role: z.string(), unlinked: z.literal(true) });
