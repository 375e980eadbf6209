/**
 * The closed catalogue of API-key scopes. Read scopes end in ":read"; a trial workspace may hold
 * read scopes only. Routes name the scope they need; nothing else grants access to a Bearer caller.
 */
export const SCOPES = {
  'skus:read': 'List and read SKUs, their blockers and dossier values (GET /api/skus, /api/v1/skus, MCP).',
  'skus:write': 'Create SKUs and edit dossier values, entities and waivers through the API.',
  'documents:read': 'List documents and their extraction results.',
  'imports:read': 'Read import batches and their review payloads.',
  'exports:read': 'List export runs and templates.',
  'export': 'Export SKUs as JSON or CSV with a Bearer key (paid plans).',
  'extractions:write': 'Queue re-extraction of documents (POST /api/v1/.../re-extract).',
} as const;

export type Scope = keyof typeof SCOPES;
export const ALL_SCOPES = Object.keys(SCOPES) as Scope[];

export const isScope = (s: string): s is Scope => Object.hasOwn(SCOPES, s);
export const isReadScope = (s: Scope) => s.endsWith(':read');
