import countries from 'i18n-iso-countries';
import '@/lib/address/country'; // registers the country names
import type { EntityRole } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { isEuEstablished } from '@/lib/requirements';

import { EU_ONLY_ROLES } from './role-rules';

/**
 * The one check of whether an entity may hold a role. An unknown country passes: the SKU then shows the
 * RESPONSIBLE_PERSON_COUNTRY_MISSING blocker, and refusing would stop a person from linking first and
 * completing the address after.
 */
export function assertEntityFitsRole(role: EntityRole, entity: { id: string; name: string; country: string | null }) {
  if (!EU_ONLY_ROLES.includes(role) || !entity.country || isEuEstablished(entity.country)) return;
  const noun = role === 'responsible_person' ? 'an EU responsible person' : 'an authorised representative';
  throw new AppError(
    'ENTITY_NOT_ESTABLISHED_IN_EU',
    `${entity.name} is established in ${countries.getName(entity.country, 'en') ?? entity.country}, outside the EU/EEA; ${noun} must be established in the EU/EEA.`,
    { details: { role, entity_id: entity.id, country: entity.country } },
  );
}
