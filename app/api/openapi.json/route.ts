import { baseUrl } from '@/lib/http/envelope';
import { buildOpenApi, collectRouteHandlers } from '@/lib/http/openapi';
import { routeModules } from '@/lib/http/route-manifest.generated';

let cached: { url: string; doc: unknown } | undefined;

// GET /api/openapi.json – the OpenAPI 3.1 document, generated from the route declarations.
export async function GET(req: Request) {
  const url = baseUrl(req);
  if (!cached || cached.url !== url) cached = { url, doc: buildOpenApi(collectRouteHandlers(routeModules), url) };
  return Response.json(cached.doc, { headers: { 'cache-control': 'public, max-age=300' } });
}
