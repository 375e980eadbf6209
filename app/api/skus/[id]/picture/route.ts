import { readFile } from 'node:fs/promises';
import { publicAppUrl } from '@/lib/config/public-url';
import { MAX_FILE_BYTES, MULTIPART_OVERHEAD_BYTES } from '@/lib/documents/limits';
import { setDossierValue } from '@/lib/dossier/service';
import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { MAX_PICTURE_PIXELS, PICTURE_MAX_EDGE, picturePath, storePicture } from '@/lib/publish/picture-upload';
import { SkuPictureForm } from '@/lib/publish/schemas';
import { SkuPictureUpload } from '@/lib/skus/schemas';
import { getSkuRow } from '@/lib/skus/service';

// POST /api/skus/{id}/picture – upload the product picture; it becomes the SKU's product_image_url.
const post = defineRoute({
  method: 'POST',
  path: '/api/skus/{id}/picture',
  operationId: 'uploadSkuPicture',
  summary: 'Upload the product picture',
  description:
    `multipart/form-data with one file in the field file: PNG, JPEG, WebP or GIF recognised by its bytes (415 otherwise), at most ` +
    `${MAX_PICTURE_PIXELS / 1_000_000} megapixels (422 UNREADABLE_FILE, reason too_many_pixels). The picture is turned upright, ` +
    `shrunk to fit ${PICTURE_MAX_EDGE} px and stored as WebP without its metadata (EXIF, GPS); its URL is set as the dossier value ` +
    'product_image_url (confirmed, source manual) and is what exports and the next publish use. Session, or Bearer with scope skus:write.',
  tags: ['SKUs'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:write',
  params: IdParams,
  form: SkuPictureForm,
  maxBodyBytes: MAX_FILE_BYTES + MULTIPART_OVERHEAD_BYTES,
  rateLimit: 'parse',
  errors: [413, 415, 422],
  responses: {
    201: {
      description: 'Stored and set as the product picture.',
      schema: SkuPictureUpload,
    },
  },
  handler: async ({ db, auth, actor, params, url, form }) => {
    await getSkuRow(db, { workspaceId: auth.workspace.id, id: params.id });
    const { file } = await form();
    const bytes = file.path ? new Uint8Array(await readFile(file.path)) : new Uint8Array(0);
    const pic = await storePicture(auth.workspace.id, bytes);
    const pictureUrl = `${publicAppUrl(url)}${picturePath(auth.workspace.id, pic.sha256)}`;
    const field = await setDossierValue(db, {
      workspaceId: auth.workspace.id,
      actor,
      skuId: params.id,
      fieldKey: 'product_image_url',
      value: pictureUrl,
    });
    return json(
      { picture: { url: pictureUrl, width: pic.width, height: pic.height, bytes: pic.bytes.byteLength }, field },
      201,
    );
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
