import { currencyDataInfo } from '@/lib/currency/info';
import { CurrencyDataInfoSchema } from '@/lib/currency/schemas';
import { defineRoute, json, routeMethods } from '@/lib/http';

// GET /api/currency/data – which snapshots of the lists the checks use, where they come from, how complete.
const get = defineRoute({
  method: 'GET',
  path: '/api/currency/data',
  operationId: 'getCurrencyData',
  summary: 'Describe the evidence-currency data',
  tags: ['Currency'],
  stability: 'preview',
  auth: 'either',
  scope: 'documents:read',
  responses: { 200: { description: 'The snapshots in use.', schema: CurrencyDataInfoSchema } },
  handler: async () => json(currencyDataInfo()),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
