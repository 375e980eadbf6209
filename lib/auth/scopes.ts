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
    "Read SKUs with their blockers, activity, revisions, approvals, waivers, review issues, comments, assignee, operators that hold evidence, translations and passports; the SKU count, saved views, the workspace's operator role, the dashboard and the passport registry export (GET /api/skus, /api/skus/count, /api/skus/{id}, /api/skus/{id}/…, /api/v1/skus, /api/views, /api/workspace/operator-role, /api/dashboard, /api/passports/registry-export).",
  'dossier:read':
    'Read the dossier of a SKU, its translations and the field catalogue, and download the dossier ZIP (GET /api/skus/{id}/dossier, /api/skus/{id}/dossier.zip, /api/skus/{id}/translations, /api/dossier/catalogue).',
  'documents:read':
    'List, read and download documents, the documents linked to a SKU, what a document names (entity candidates, SKU matches) and whether it still proves compliance (GET /api/documents, /api/documents/{id}, /api/documents/{id}/file, /api/documents/{id}/entity-candidates, /api/documents/{id}/sku-matches, /api/documents/{id}/currency, /api/currency/findings, /api/currency/data, /api/skus/{id}/documents, /api/v1/documents, /api/v1/documents/{id}, /api/v1/documents/{id}/file).',
  'entities:read':
    'Read entities (manufacturers, importers, responsible persons), their merges and the entities linked to a SKU (GET /api/entities, /api/entities/{id}, /api/entities/{id}/merges, /api/skus/{id}/entities).',
  'imports:read':
    'Read import batches, their review payloads, rows and row errors, and download the import template (GET /api/imports, /api/imports/{batchId}, /api/imports/{batchId}/review, /api/imports/{batchId}/rows, /api/imports/{batchId}/errors.csv, /api/import/template).',
  'audit:read': 'Read and export the audit log (GET /api/audit-events, /api/audit-events/export.csv).',
  'exports:read':
    'List export runs and templates, read a run and the channel mappings (GET /api/exports, /api/exports/{id}, /api/exports/templates, /api/exports/channel-mappings).',
  'outreach:read':
    'List supplier requests, read one with its timeline, and how quickly suppliers answer (GET /api/supplier-email/requests, /api/supplier-email/requests/{id}, /api/supplier-email/responsiveness).',
  'recalls:read':
    'Read market watch: recall feed readings, alerts, their matches against the catalogue and recall cases with their notices and delisting files (GET /api/recalls/…).',
  'mcp:read':
    'Use the read-only MCP endpoint (/api/mcp): SKUs, dossiers, requirements and market readiness, documents, imports, entities, exports, supplier requests and currency findings of the workspace; its recall and passport tools also need recalls:read or a passport scope above the public tier.',
  'passports:read':
    "Read passports above the public tier at the legitimate-interest level (Regulation (EU) 2023/1542 Annex XIII points 2 and 4): GET /p/{public_id}/passport[/{version}]?tier=legitimate_interest and GET /api/skus/{id}/passports/{version}?tier=legitimate_interest; list a SKU's passports (GET /api/skus/{id}/passports) and read the registry export (GET /api/passports/registry-export). The workspace's own passports only.",
  'passports-authority:read':
    "Read passports at the authorities' tier (Annex XIII point 3: notified bodies, market surveillance, the Commission), which includes the legitimate-interest tier and the test reports: GET /p/{public_id}/passport[/{version}]?tier=authority and GET /api/skus/{id}/passports/{version}?tier=authority; list a SKU's passports (GET /api/skus/{id}/passports) and read the registry export (GET /api/passports/registry-export).",
  'skus:write':
    "Create SKUs (POST /api/skus) and change them: set, clear, suggest, confirm and reject dossier values, which include the product name and every other field (PUT/DELETE /api/skus/{id}/dossier/{field_key}, POST /api/skus/{id}/dossier/suggestions, /api/skus/{id}/dossier/values/{value_id}/confirm, /api/skus/{id}/dossier/values/{value_id}/reject, /api/skus/{id}/fields/{fieldId}/sync-from-entity, /api/skus/{id}/picture); create and edit entities (POST /api/entities, PATCH /api/entities/{id}) and link or unlink them (PUT/DELETE /api/skus/{id}/entities/{role}); set the SKU's operator role and the operators that hold evidence (PUT /api/skus/{id}/operator-role, POST /api/skus/{id}/held-by, DELETE /api/skus/{id}/held-by/{held_by_id}); waive blockers and revoke waivers (POST /api/skus/{id}/waivers, DELETE /api/skus/{id}/waivers/{waiver_id}); set the category or an operator of many SKUs (POST /api/skus/bulk/category, /api/skus/bulk/entity); start and cancel AI fill (POST /api/skus/{id}/ai-fill, /api/skus/{id}/ai-fill/cancel), translations (POST /api/skus/{id}/translations, /api/skus/{id}/translations/safety, /api/translations/bulk) and product research (POST /api/research/product). The key acts with the current role of the member who created it: an editor's key confirms values, a reviewer's also waives, a viewer's is refused (403 INSUFFICIENT_ROLE). Deleting, approving and publishing need a session.",
  export:
    'Export with a Bearer key (paid plans): one SKU as JSON or CSV (GET /api/skus/{id}/export) and channel exports (POST /api/exports; GET /api/exports, /api/exports/{id}, /api/exports/{id}/download, /api/exports/templates, /api/exports/channel-mappings).',
  'extractions:write':
    'Queue re-extraction of documents (POST /api/v1/documents/{id}/re-extract, /api/v1/skus/{id}/re-extract).',
  'outreach:write':
    'Draft and send supplier requests, one or many, change their status, send a failed one again, accept or reject a document a supplier sent and release or dismiss a held reply (POST /api/supplier-email/draft, /api/supplier-email/send, /api/supplier-email/requests/bulk, /api/skus/bulk/supplier-request, /api/supplier-email/requests/{id}/retry, /api/supplier-email/requests/{id}/documents/{documentId}, /api/supplier-email/requests/{id}/held-replies/{heldId}; PATCH /api/supplier-email/requests/{id}).',
} as const;

export type Scope = keyof typeof SCOPES;
export const ALL_SCOPES = Object.keys(SCOPES) as Scope[];

export const isScope = (s: string): s is Scope => Object.hasOwn(SCOPES, s);
export const isReadScope = (s: Scope) => s.endsWith(':read');

/** The scopes a key may carry on a plan: read scopes only where the plan's keys are read-only. */
export function scopesAllowedOnPlan(plan: PlanId): Scope[] {
  return PLANS[plan].readOnlyKeys ? ALL_SCOPES.filter(isReadScope) : ALL_SCOPES;
}
