import { researchProduct } from '@/lib/research/product';
import { ProductResearchRequest, ProductResearchResponse } from '@/lib/research/schemas';
import { defineRoute, json, routeMethods } from '@/lib/http';

// POST /api/research/product – cited suggestions for website, category, EAN and HS code; nothing stored.
const post = defineRoute({
  method: 'POST',
  path: '/api/research/product',
  operationId: 'researchProduct',
  summary: 'Research product data',
  description:
    "Looks for the requested fields in the SKU's documents, on the manufacturer's website (fetched safely: schema.org Product JSON-LD, GTINs with a valid check digit, categories) and, when an AI provider is configured, with the model reading those sources. Each finding has a source_url a user can open and a source_snippet that occurs in that source. Suggestions only: nothing is written to the dossier. Answers are cached per SKU and request for a day (cached: true). Without an AI provider provider_available is false. AI calls count against the monthly AI allowance (402 AI_BUDGET_EXHAUSTED). Session, or Bearer with scope skus:write.",
  tags: ['AI'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:write',
  rateLimit: 'ai',
  body: ProductResearchRequest,
  errors: [402],
  responses: { 200: { description: 'Findings with their sources.', schema: ProductResearchResponse } },
  handler: async ({ db, auth, body, req }) =>
    json(await researchProduct(db, { workspaceId: auth.workspace.id, input: body, signal: req.signal })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
