import { z } from 'zod';
import { listEntities } from '@/lib/entities/service';
import { defineTool } from '../define-tool';
import { pageArgs, pageOf } from '../paging';
import { Text } from '../views';

export const listEntitiesTool = defineTool({
  name: 'list_entities',
  title: 'List economic operators',
  description:
    'Manufacturers, importers, responsible persons and representatives recorded in the workspace, by name, with their address, EU establishment and how many SKUs use them.',
  input: z.object({ q: Text(200).optional().describe('Text in the name, e-mail or city.'), ...pageArgs }),
  output: pageOf(
    z.object({
      id: z.string(),
      name: z.string(),
      country: z.string().nullable(),
      postal_address: z.string().nullable(),
      email: z.string().nullable(),
      contact_url: z.string().nullable(),
      eu_established: z.boolean(),
      sku_count: z.number().int(),
    }),
  ),
  example: {
    arguments: { q: 'GmbH' },
    says: 'Holzwerk GmbH, Hauptstr. 1, 10115 Berlin, DE (EU-established), used by 14 SKUs.',
  },
  async run({ db, workspaceId }, a) {
    const page = await listEntities(db, { workspaceId, opts: { q: a.q, cursor: a.cursor, limit: a.limit } });
    return {
      has_more: page.has_more,
      next_cursor: page.next_cursor,
      items: page.data.map((e) => ({
        id: e.id,
        name: e.name,
        country: e.country,
        postal_address: e.postal_address,
        email: e.email,
        contact_url: e.contact_url,
        eu_established: e.eu_established,
        sku_count: e.sku_count ?? 0,
      })),
    };
  },
  text: (o) =>
    o.items.length
      ? o.items
          .map(
            (e) =>
              `- ${e.name}${e.postal_address ? `, ${e.postal_address}` : ''}${e.eu_established ? ' (EU-established)' : ''}: ${e.sku_count} SKU(s) [${e.id}]`,
          )
          .join('\n')
      : 'No entities match.',
});
