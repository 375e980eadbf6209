import { PLANS, type PlanId } from '@/lib/plans';

/**
 * The closed catalogue of API-key scopes. Read scopes end in ":read"; a trial workspace may hold
 * read scopes only. Routes name the scope they need; nothing else grants access to a Bearer caller.
 * Every read operation of the workspace's data names one of the read scopes below, so a key can be
 * given exactly the slice an integration needs (a PIM sync: skus:read and dossier:read; an auditor's
 * script: audit:read).
 */
export const SCOPES = {
  'skus:read':
    'Read SKUs with their blockers, activity, revisions, approvals, waivers, review issues, comments and assignee, and the dashboard (GET /api/skus, /api/skus/{id}/…, /api/v1/skus).',
  'dossier:read':
    'Read the dossier of a SKU and the field catalogue, and download the dossier ZIP (GET /api/skus/{id}/dossier, /api/skus/{id}/dossier.zip, /api/dossier/catalogue).',
  'documents:read':
    'List, read and download documents, and the documents linked to a SKU (GET /api/documents, /api/documents/{id}, /api/documents/{id}/file, /api/skus/{id}/documents, /api/v1/documents).',
  'entities:read':
    'Read entities (manufacturers, importers, responsible persons) and the entities linked to a SKU (GET /api/entities, /api/entities/{id}, /api/skus/{id}/entities).',
  'imports:read':
    'Read import batches, their review payloads, rows and row errors (GET /api/imports, /api/imports/{batchId}, .../review, .../rows, .../errors.csv).',
  'audit:read': 'Read and export the audit log (GET /api/audit-events, /api/audit-events/export.csv).',
  'exports:read': 'List export runs and templates.',
  'outreach:read': 'List supplier requests and their timelines (GET /api/supplier-email/requests).',
  'recalls:read':
    'Read market watch: recall feed readings, alerts, their matches against the catalogue and recall cases (GET /api/recalls/…).',
  'mcp:read':
    'Use the read-only MCP endpoint (/api/mcp): SKUs, dossiers, requirements, documents, imports and entities of the workspace.',
  'passports:read':
    "Read passports above the public tier at the legitimate-interest level (Regulation (EU) 2023/1542 Annex XIII points 2 and 4): GET /p/{public_id}/passport[/{version}]?tier=legitimate_interest and GET /api/skus/{id}/passports/{version}?tier=legitimate_interest. The workspace's own passports only.",
  'passports-authority:read':
    "Read passports at the authorities' tier (Annex XIII point 3: notified bodies, market surveillance, the Commission), which includes the legitimate-interest tier and the test reports: GET /p/{public_id}/passport[/{version}]?tier=authority.",
  'skus:write':
    'Create SKUs (POST /api/skus); set, clear, suggest, confirm and reject dossier values (PUT/DELETE /api/skus/{id}/dossier/{field_key}, POST …/dossier/suggestions, …/dossier/values/{value_id}/confirm and /reject, …/fields/{fieldId}/sync-from-entity, …/picture); create and edit entities (POST /api/entities, PATCH /api/entities/{id}) and link or unlink them (PUT/DELETE /api/skus/{id}/entities/{role}); waive blockers and revoke waivers (POST /api/skus/{id}/waivers, DELETE …/waivers/{waiverId}); set the category or an operator of many SKUs (POST /api/skus/bulk/category, /bulk/entity); start AI fill, translations and product research. The key acts with the current role of the member who created it: an editor confirms values, a reviewer also waives, a viewer is refused (403 INSUFFICIENT_ROLE). Deleting, approving and publishing need a session.',
  export: 'Export SKUs as JSON or CSV with a Bearer key (paid plans).',
  'extractions:write': 'Queue re-extraction of documents (POST /api/v1/.../re-extract).',
  'outreach:write':
    'Draft and send supplier requests and change their status (POST /api/supplier-email/draft, /send, PATCH /api/supplier-email/requests/{id}, POST /api/skus/bulk/supplier-request).',
} as const;

export type Scope = keyof typeof SCOPES;
export const ALL_SCOPES = Object.keys(SCOPES) as Scope[];

export const isScope = (s: string): s is Scope => Object.hasOwn(SCOPES, s);
export const isReadScope = (s: Scope) => s.endsWith(':read');

/** The scopes a key may carry on a plan: read scopes only where the plan's keys are read-only. */
export function scopesAllowedOnPlan(plan: PlanId): Scope[] {
  return PLANS[plan].readOnlyKeys ? ALL_SCOPES.filter(isReadScope) : ALL_SCOPES;
}
