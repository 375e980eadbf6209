/**
 * The shapes of publishing: the publish operation, its dry run, the published revisions of a SKU, and the
 * product picture's upload form (zFile is server code: client modules import this module's types only).
 */
import { z } from 'zod';
import { MAX_FILE_BYTES } from '@/lib/documents/limits';
import { zFile } from '@/lib/http/form';

export const SkuRevision = z
  .object({
    revision: z.number().int(),
    published_at: z.string(),
    published_by: z.string().nullable(),
    public_url: z.string().nullable(),
  })
  .meta({ id: 'SkuRevision' });
export type SkuRevision = z.infer<typeof SkuRevision>;

/** GET /api/skus/{id}/revisions: the published revisions, newest first, and the address the next publish uses. */
export const SkuRevisionList = z.object({
  revisions: z.array(SkuRevision),
  public_base: z.object({
    url: z.string(),
    configured: z.boolean(),
    source: z.enum(['PUBLIC_APP_URL', 'request', 'default']),
  }),
});
export type SkuRevisionList = z.infer<typeof SkuRevisionList>;

/** POST /api/skus/{id}/publish: the new revision of the public safety page. */
export const PublishResponse = z
  .object({
    output: z.record(z.string(), z.unknown()),
    public_url: z.string(),
    revision: z.number().int(),
    safety_page: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'PublishResponse' });

export const PublishDryRun = z
  .object({
    dry_run: z.literal(true),
    can_publish: z.boolean(),
    revision: z.number().int(),
    public_id: z.string().nullable(),
    public_url: z.string().nullable(),
    picture: z
      .object({ source_url: z.string(), copyable: z.boolean(), reason: z.string().nullable() })
      .nullable()
      .optional()
      .describe('the product picture: whether publishing can copy it (fetched now, nothing stored), and why not'),
  })
  .loose()
  .meta({ id: 'PublishDryRunResponse' });
export type PublishDryRun = z.infer<typeof PublishDryRun>;
export type PublishResponse = z.infer<typeof PublishResponse>;

/** POST /api/skus/{id}/publish: the publication, or with dry_run what it would do. */
export const PublishOrDryRun = z.union([PublishResponse, PublishDryRun]);

/** POST /api/skus/{id}/picture: one file in the field file (lib/publish/picture-upload.ts stores it). */
export const SkuPictureForm = z.object({
  file: zFile({ maxBytes: MAX_FILE_BYTES, description: 'PNG, JPEG, WebP or GIF' }),
});

/** GET /p/{public_id}/qr.png: the image's edge in pixels. */
export const PublicQrQuery = z.object({ size: z.coerce.number().int().min(64).max(2048).default(512) });

/** GET /p/{public_id}/picture: the picture's digest, which makes its URL change with the picture (cache busting). */
export const PublicPictureQuery = z.object({ sha: z.string().max(64).optional() });
