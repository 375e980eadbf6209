import { publicAppUrl } from '@/lib/config/public-url';
import { defineRoute, json, routeMethods } from '@/lib/http';
import { resolverDescription } from '@/lib/resolver/description';
import { ResolverDescriptionBody } from '@/lib/resolver/schemas';

// GET /.well-known/gs1resolver – the resolver description file the GS1-Conformant Resolver standard asks for.
const get = defineRoute({
  method: 'GET',
  path: '/.well-known/gs1resolver',
  operationId: 'gs1ResolverDescription',
  summary: 'GS1 resolver description file',
  tags: ['Public'],
  stability: 'preview',
  auth: 'none',
  responses: {
    200: {
      description: 'The resolver description (GS1-Conformant Resolver standard).',
      schema: ResolverDescriptionBody,
    },
  },
  handler: async ({ req }) =>
    json(resolverDescription(publicAppUrl(req)), 200, {
      'cache-control': 'public, max-age=3600',
      'access-control-allow-origin': '*',
    }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
