/**
 * The closed catalogue of API-key scopes. Read scopes end in ":read"; a trial workspace may hold
 * read scopes only. Routes name the scope they need; nothing else grants access to a Bearer caller.
 */
export const SCOPES = {
  'skus:read': 'List and read SKUs, their blockers and dossier values (GET /api/skus, /api/v1/skus).',
  'mcp:read': 'Use the read-only MCP endpoint (/api/mcp): SKUs, dossiers, requirements, documents, imports and entities of the workspace.',
  'skus:write': 'Create SKUs and edit dossier values, entities and waivers through the API.',
  'documents:read': 'List, read and download documents and read the audit events (GET /api/documents, /api/documents/{id}, /api/documents/{id}/file, /api/audit-events).',
  'imports:read': 'Read import batches, their review payloads, rows and row errors (GET /api/imports, /api/imports/{batchId}, .../review, .../rows, .../errors.csv).',
  'exports:read': 'List export runs and templates.',
  'export': 'Export SKUs as JSON or CSV with a Bearer key (paid plans).',
  'extractions:write': 'Queue re-extraction of documents (POST /api/v1/.../re-extract).',
  'outreach:read': 'List supplier requests and their timelines (GET /api/supplier-email/requests).',
  'outreach:write': 'Draft and send supplier requests and change their status (POST /api/supplier-email/draft, /send, PATCH /api/supplier-email/requests/{id}).',
} as const;

export type Scope = keyof typeof SCOPES;
export const ALL_SCOPES = Object.keys(SCOPES) as Scope[];

export const isScope = (s: string): s is Scope => Object.hasOwn(SCOPES, s);
export const isReadScope = (s: Scope) => s.endsWith(':read');
