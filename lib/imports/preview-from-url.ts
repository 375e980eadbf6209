import { previewProductFromUrl } from './from-url';
import { previewErrorToAppError } from './service-errors';

/** Preview of a product page: proposed SKU fields with their sources; nothing is stored. */
export async function previewFromUrl(url: string) {
  const r = await previewProductFromUrl(url);
  if (!r.ok) throw previewErrorToAppError(r.error);
  const f = r.fields;
  const proposed = {
    product_name: f.product_name?.value ?? null,
    gtin: f.gtin?.value ?? null,
    sku_code: f.sku_code?.value ?? null,
    mpn: f.model_number?.value ?? null,
    brand: f.brand?.value ?? null,
    manufacturer: f.manufacturer_name?.value ?? null,
    images: f.images?.value ?? (f.product_image_url ? [f.product_image_url.value] : []),
    description: f.product_description?.value ?? null,
  };
  const sourceOf: Record<keyof typeof proposed, { source: string } | undefined> = {
    product_name: f.product_name,
    gtin: f.gtin,
    sku_code: f.sku_code,
    mpn: f.model_number,
    brand: f.brand,
    manufacturer: f.manufacturer_name,
    images: f.images ?? f.product_image_url,
    description: f.product_description,
  };
  const sources: Record<string, string> = {};
  for (const [k, v] of Object.entries(sourceOf)) if (v) sources[k] = v.source;
  return {
    url: r.url,
    final_url: r.final_url,
    fetched_at: new Date().toISOString(),
    proposed,
    sources,
    warnings: r.warnings.map((w) => ({ code: w.code, message: w.message })),
    variants: r.variants,
  };
}
