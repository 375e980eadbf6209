import { z } from 'zod';

/** GET /.well-known/gs1resolver: the resolver description file (GS1-Conformant Resolver standard), kept open. */
export const ResolverDescriptionBody = z.record(z.string(), z.unknown());

/** GET /01/{gtin}: the visitor's language and the link type asked for; other parameters pass through. */
export const DigitalLinkQuery = z
  .object({ lang: z.string().max(20).optional(), linkType: z.string().max(200).optional() })
  .loose();
