import { z } from 'zod';
import { countryCode } from '@/lib/address/country';
import { normalizeCountryCode } from '@/lib/requirements';

const opt = (max: number) => z.string().trim().max(max).nullable().optional().transform((v) => (v ? v : null));

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
    email: z.email().max(254).nullable().optional().transform((v) => v ?? null),
    contact_url: z.url({ protocol: /^https?$/ }).max(500).nullable().optional().transform((v) => v ?? null),
    phone: opt(40),
  })
  .meta({ id: 'EntityInput' });
export type EntityInput = z.output<typeof EntityInput>;

export const EntityPatch = EntityInput.partial().meta({ id: 'EntityPatch' });

export const Entity = z
  .object({
    id: z.string(),
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
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Entity' });
