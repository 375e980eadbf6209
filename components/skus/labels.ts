/** The English words for roles and sections that components/skus/vocabulary.ts gives the English UI. */
import type { EntityRole } from './types';

export const ROLE_LABELS: Record<EntityRole, string> = {
  manufacturer: 'Manufacturer',
  importer: 'Importer',
  responsible_person: 'EU responsible person',
  authorised_representative: 'Authorised representative',
};

/** The role inside a sentence: "link an importer", but "EU" keeps its capitals. */
export function roleNoun(role: EntityRole | string): string {
  const label = ROLE_LABELS[role as EntityRole] ?? role.replace(/_/g, ' ');
  return label.replace(/^(?!EU)(\w)/, (c) => c.toLowerCase());
}

export const SECTION_LABELS: Record<string, string> = {
  identification: 'Identification',
  entities: 'Operators',
  safety: 'Safety information',
  compliance: 'Compliance',
  category: 'Category requirements',
};
