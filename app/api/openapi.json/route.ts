import { publicAppUrl } from '@/lib/config/public-url';
import { methodNotAllowed } from '@/lib/http/route';
import { buildOpenApi, collectRouteHandlers } from '@/lib/http/openapi';
import { routeModules } from './route-manifest.generated';
import { WEBHOOKS_OPENAPI } from '@/lib/webhooks/doc';

let cached: { url: string; doc: unknown } | undefined;

// GET /api/openapi.json – the OpenAPI 3.1 document, generated from the route declarations.
export async function GET(req: Request) {
  const url = publicAppUrl(req);
  if (!cached || cached.url !== url)
    cached = { url, doc: buildOpenApi(collectRouteHandlers(routeModules), url, WEBHOOKS_OPENAPI) };
  return Response.json(cached.doc, { headers: { 'cache-control': 'public, max-age=300' } });
}

// Not an operation of the document itself (no defineRoute), but other methods still get the 405 envelope.
const notAllowed = methodNotAllowed('GET');
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
