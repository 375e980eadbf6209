import { z } from 'zod';

/** The contract's uuid: version digit 1-8, variant 8/9/a/b; the nil and max UUIDs are also accepted. */
export const UUID_RE =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/i;
export const Uuid = z.string().regex(UUID_RE, 'must be a UUID').meta({ format: 'uuid' });
export const DateTime = z.iso.datetime({ offset: true });
export const IdParams = z.object({ id: Uuid });

export const ErrorEnvelope = z
  .object({
    error: z.object({
      code: z.string().meta({ example: 'NOT_FOUND' }),
      message: z.string(),
      details: z.record(z.string(), z.unknown()).optional(),
      doc_url: z.url(),
      retryable: z.boolean(),
      support_reference: z.string(),
    }),
    error_code: z.string(),
    code: z.string(),
    correlation_id: z.string(),
    support_email: z.string().optional(),
  })
  .meta({ id: 'ErrorEnvelope', description: 'Every error response has this shape.' });

/** Optional boolean query flags as they arrive in a URL. */
export const QueryBool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** A keyset page of items: the shape of every cursor-paged list. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), next_cursor: z.string().nullable(), has_more: z.boolean() });
