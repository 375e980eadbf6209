/**
 * An operator (entity) as the API shows it, and the identity key two records of one operator share. Pure:
 * the SKU read model, the entities slice and AI fill all render operators through it.
 */
import type { EntityRole, entities } from '@/lib/db/schema';
import { isEuEstablished } from '@/lib/model/countries';
import { entityIdentityKey } from '@/lib/model/entity-names';

type EntityRow = typeof entities.$inferSelect;

export function formatPostalAddress(
  e: Pick<EntityRow, 'street' | 'postalCode' | 'city' | 'region' | 'country'>,
): string | null {
  const line2 = [e.postalCode, e.city].filter(Boolean).join(' ');
  const parts = [e.street, line2, e.region, e.country].filter((p): p is string => Boolean(p && p.trim()));
  return parts.length ? parts.join(', ') : null;
}

export function serializeEntity(e: EntityRow, skuCount?: number, roles?: EntityRole[]) {
  return {
    id: e.id,
    name: e.name,
    trade_mark: e.tradeMark,
    street: e.street,
    postal_code: e.postalCode,
    city: e.city,
    region: e.region,
    country: e.country,
    email: e.email,
    contact_url: e.contactUrl,
    phone: e.phone,
    // The EU establishment a responsible person needs is derived from the country, never typed in.
    eu_established: isEuEstablished(e.country),
    postal_address: formatPostalAddress(e),
    ...(skuCount !== undefined ? { sku_count: skuCount } : {}),
    ...(roles !== undefined ? { roles } : {}),
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

export const identityOf = (
  e: Pick<EntityRow, 'name' | 'street' | 'postalCode' | 'city' | 'region' | 'country' | 'email'>,
) => entityIdentityKey({ name: e.name, address: formatPostalAddress(e), email: e.email });
