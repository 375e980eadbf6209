import type { z } from 'zod';
import { ErrorEnvelope } from '@/lib/http/schemas';
import type { RouteSpec } from '@/lib/http/route';

/**
 * The response check of the API tests: a JSON body a route answers must be what its declaration says
 * for that status (the declared schema, or the error envelope), with no key the schema does not name.
 * A key a plain z.object would silently strip counts as drift: the client's types come from these
 * schemas, so a field the schema forgets is a field the client cannot see. Schemas that really are
 * open say so with .loose() or z.record().
 */
export interface ResponseUnderCheck {
  status: number;
  contentType: string | null;
  body: unknown;
}

/** The statuses every operation documents (lib/http/openapi.ts), and 405 from routeMethods. */
const STANDARD_ERROR_STATUSES = [400, 401, 403, 404, 405, 429, 500];

export function responseProblems(
  spec: Pick<
    RouteSpec<any, any, any, any, any>,
    'method' | 'path' | 'responses' | 'errors' | 'body' | 'form' | 'rawBody'
  > | null,
  res: ResponseUnderCheck,
  path = spec?.path ?? '/api/',
): string[] {
  // Pages outside /api (public safety pages, GS1 links) are HTML handlers, not declared operations; the
  // OpenAPI document is not an operation of itself (tests/api/http/openapi.test.ts checks it).
  if (!spec && (!path.startsWith('/api/') || path === '/api/openapi.json')) return [];
  const isJson = /application\/(.+\+)?json/i.test(res.contentType ?? '');
  const declared = spec?.responses[res.status];
  const mediaType = (res.contentType ?? '').split(';')[0].trim().toLowerCase();
  // A declared non-JSON answer (a file, an HTML page) is checked for its media type only.
  if (declared?.contentType && !/json/i.test(declared.contentType))
    return declared.contentType === 'application/octet-stream' ||
      [declared.contentType, ...(declared.otherContentTypes ?? [])].some((t) => mediaTypeMatches(t, mediaType))
      ? []
      : [`declared ${declared.contentType} but answered ${res.contentType}`];
  if (res.status >= 400 && !declared?.schema) {
    const problems: string[] = [];
    if (!isJson) problems.push(`a ${res.status} answer is not JSON (content-type ${res.contentType})`);
    if (spec) {
      const documented = new Set([...STANDARD_ERROR_STATUSES, ...(spec.errors ?? [])]);
      if (spec.body || spec.form || spec.rawBody) documented.add(413);
      if (spec.body || spec.form) documented.add(415);
      if (!documented.has(res.status)) problems.push(`status ${res.status} is not declared in errors`);
    }
    return [...problems, ...schemaProblems(ErrorEnvelope, res.body)];
  }
  if (!spec) return [`status ${res.status} from a method the path does not have`];
  if (!declared) return [`status ${res.status} is not declared in responses`];
  if (res.status === 204 || res.body === null) return [];
  if (!isJson) {
    return declared.otherContentTypes?.includes(mediaType)
      ? []
      : [`declared JSON but answered content-type ${res.contentType}`];
  }
  if (!declared.schema) return ['a JSON answer without a declared schema'];
  return schemaProblems(declared.schema, res.body);
}

/** A declared media type, possibly a range such as image/*, against the one answered. */
export function mediaTypeMatches(declared: string, answered: string): boolean {
  const d = declared.toLowerCase();
  return d === answered || (d.endsWith('/*') && answered.startsWith(d.slice(0, -1)));
}

/** Zod issues, plus every key of the value the schema's output dropped (undeclared fields). */
export function schemaProblems(schema: z.ZodType, value: unknown): string[] {
  const r = schema.safeParse(value);
  if (!r.success)
    return r.error.issues.map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message} [${i.code}]`);
  return droppedKeys(value, r.data, '').map((p) => `${p}: not in the schema`);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function droppedKeys(input: unknown, output: unknown, at: string): string[] {
  if (Array.isArray(input) && Array.isArray(output))
    return input.flatMap((v, i) => droppedKeys(v, output[i], `${at}[${i}]`));
  if (!isPlainObject(input) || !isPlainObject(output)) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(input)) {
    const path = at ? `${at}.${k}` : k;
    if (!(k in output)) out.push(path);
    else out.push(...droppedKeys(v, output[k], path));
  }
  return out;
}
