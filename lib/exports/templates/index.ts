/**
 * Export templates as versioned data: each entry is one version of a channel mapping. A new version is
 * a new entry (old runs keep the template_version they recorded); the newest version of a channel is
 * current and older ones are deprecated. A template whose mapping names a dossier field, document
 * type or entity role the catalogue no longer defines is in schema_drift. Status is always computed.
 */
import { FIELD_CATALOGUE, LOCALIZED_FIELD_BASES } from '@/lib/model/catalogue';
import { DOCUMENT_TYPES, ENTITY_ROLES } from '@/lib/requirements/types';
import { AMAZON_TEMPLATES } from './amazon';
import { EBAY_TEMPLATES } from './ebay';
import { FILE_TEMPLATES } from './files';
import { MARKETPLACE_TEMPLATES } from './marketplaces';
import { ARTICLE_TEMPLATES, CATALOGUE_TEMPLATES, ZALANDO_TEMPLATES } from './tables';
import type { ExportTemplateDefinition } from './types';
import { XML_TEMPLATES } from './xml';

export const TEMPLATES: readonly ExportTemplateDefinition[] = [
  ...AMAZON_TEMPLATES,
  ...EBAY_TEMPLATES,
  ...ARTICLE_TEMPLATES,
  ...ZALANDO_TEMPLATES,
  ...MARKETPLACE_TEMPLATES,
  ...CATALOGUE_TEMPLATES,
  ...FILE_TEMPLATES,
  ...XML_TEMPLATES,
];

export interface CatalogueVocabulary {
  fields: ReadonlySet<string>;
  document_types: ReadonlySet<string>;
  entity_roles: ReadonlySet<string>;
}

export const CURRENT_VOCABULARY: CatalogueVocabulary = {
  fields: new Set([...FIELD_CATALOGUE.map((d) => d.key), ...LOCALIZED_FIELD_BASES]),
  document_types: new Set(DOCUMENT_TYPES),
  entity_roles: new Set(ENTITY_ROLES),
};

export type TemplateStatus = 'valid' | 'schema_drift' | 'deprecated';

const versionKey = (v: string) => v.split(/[.-]/).map((p) => Number(p) || 0);
export function compareVersions(a: string, b: string): number {
  const x = versionKey(a);
  const y = versionKey(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++)
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

/**
 * Why a template is not valid, as a code and the values it names (the reason's words in the reader's
 * language): replaced_by_version {version}; unknown_in_catalogue {fields, document_types, entity_roles}.
 */
export type TemplateStatusReason =
  | { code: 'replaced_by_version'; params: { version: string } }
  | {
      code: 'unknown_in_catalogue';
      params: { fields: string[]; document_types: string[]; entity_roles: string[] };
    };

/** The computed status with its reason (what drifted, or which version replaces it), in English and as a code. */
export function templateStatus(
  t: ExportTemplateDefinition,
  all: readonly ExportTemplateDefinition[] = TEMPLATES,
  vocab: CatalogueVocabulary = CURRENT_VOCABULARY,
): { status: TemplateStatus; reason: string | null; reason_item: TemplateStatusReason | null } {
  const fields = t.mapping.fields.filter((f) => !vocab.fields.has(f));
  const documentTypes = t.mapping.document_types.filter((d) => !vocab.document_types.has(d));
  const entityRoles = t.mapping.entity_roles.filter((r) => !vocab.entity_roles.has(r));
  const unknown = [
    ...fields.map((f) => `field ${f}`),
    ...documentTypes.map((d) => `document type ${d}`),
    ...entityRoles.map((r) => `entity role ${r}`),
  ];
  if (unknown.length)
    return {
      status: 'schema_drift',
      reason: `The mapping names what the catalogue no longer defines: ${unknown.join(', ')}.`,
      reason_item: {
        code: 'unknown_in_catalogue',
        params: { fields, document_types: documentTypes, entity_roles: entityRoles },
      },
    };
  const newer = all
    .filter((o) => o.channel === t.channel && o.id !== t.id && compareVersions(o.version, t.version) > 0)
    .sort((a, b) => compareVersions(b.version, a.version))[0];
  if (newer)
    return {
      status: 'deprecated',
      reason: `Version ${newer.version} of this channel replaces it.`,
      reason_item: { code: 'replaced_by_version', params: { version: newer.version } },
    };
  return { status: 'valid', reason: null, reason_item: null };
}

export function findTemplate(id: string): ExportTemplateDefinition | null {
  return TEMPLATES.find((t) => t.id === id) ?? null;
}

export function serializeTemplate(t: ExportTemplateDefinition) {
  const s = templateStatus(t);
  return {
    id: t.id,
    name: t.name,
    format: t.format,
    version: t.version,
    description: t.description,
    status: s.status,
    status_reason: s.reason,
    status_reason_code: s.reason_item?.code ?? null,
    status_reason_params: s.reason_item?.params ?? null,
    channel: t.channel,
    file_extension: t.extension,
    required_fields: [
      ...new Set(t.checks.filter((c) => c.kind === 'required' || c.kind === 'languages').map((c) => c.field)),
    ],
  };
}

export type { ExportTemplateDefinition } from './types';
