import type { EntityRole } from '@/lib/db/schema';

/**
 * Roles that only an operator established in the EU/EEA can hold (GPSR Art. 3 and 4): the responsible
 * person and the authorised representative. An importer is not listed: a shop selling to the UK or
 * Switzerland has importers there, and the requirement engine already judges the EU case per SKU.
 * Shared by the server check and the picker's warning (no server imports here).
 */
export const EU_ONLY_ROLES: readonly EntityRole[] = ['responsible_person', 'authorised_representative'];

/** Whether the entity may hold the role: false only when its known country is outside the EU/EEA. */
export function fitsRole(role: EntityRole, entity: { country: string | null; eu_established: boolean }): boolean {
  return !EU_ONLY_ROLES.includes(role) || !entity.country || entity.eu_established;
}
