/**
 * The public page's JSON-LD in the GS1 Web Vocabulary beside schema.org: the schema.org Product the
 * page already carries (lib/publish/jsonld, localised to the language shown) gains its GS1 Digital Link
 * (schema.org hasGS1DigitalLink), gs1:Product as additional type, and the GS1 Web Vocabulary terms
 * written as absolute IRIs (the document keeps "@context": "https://schema.org", which feeds and
 * search engines read): GTIN-14, product name, description, brand, the safety information and
 * instructions in the language shown (language-tagged), and the same links the resolver serves
 * (lib/resolver/linkset), so page, resolver and passport name one set of resources.
 * Every value comes from the published snapshot (confirmed dossier values only).
 */
import type { Art19Block } from '@/lib/publish/art19';
import { serializeJsonLd } from '@/lib/publish/jsonld';
import type { PublicPageView } from '@/lib/publish/public-page';
import type { RevisionSnapshot } from '@/lib/publish/snapshot';
import { GS1_VOC } from './link-types';
import { linksOf, pageUrlOf } from './linkset';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const gs1 = (term: string) => `${GS1_VOC}${term}`;
const langString = (text: string, language: string | null | undefined): Json =>
  language ? { '@value': text, '@language': language } : { '@value': text };

export function withGs1WebVocabulary(
  product: Record<string, unknown>,
  snapshot: RevisionSnapshot,
  block: Art19Block,
  opts: { hasPassport?: boolean } = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...product, additionalType: gs1('Product') };
  const page = pageUrlOf(snapshot);
  const gtin14 = snapshot.identification?.gtin14 ?? null;
  if (gtin14) {
    out.hasGS1DigitalLink = `${new URL(page).origin}/01/${gtin14}`;
    out[gs1('gtin')] = gtin14;
  }
  out[gs1('productName')] = langString(snapshot.sku.product_name, null);
  const description = block.product.texts.description;
  if (description) out[gs1('productDescription')] = langString(description.text, description.language);
  if (block.product.brand)
    out[gs1('brand')] = { '@type': gs1('Brand'), [gs1('brandName')]: langString(block.product.brand, null) };
  if (block.warnings) out[gs1('consumerSafetyInformation')] = langString(block.warnings.text, block.warnings.language);
  if (block.instructions)
    out[gs1('consumerUsageInstructions')] = langString(block.instructions.text, block.instructions.language);
  const links = linksOf(snapshot, { hasPassport: opts.hasPassport });
  const lang = block.language;
  for (const [type, list] of Object.entries(links)) {
    if (type === 'defaultLink' || !list?.length) continue;
    // The links of the language shown where a type has one per language, else all of them.
    const chosen = list.filter((l) => !l.hreflang || !lang || l.hreflang.includes(lang));
    const ids = (chosen.length ? chosen : list).map((l) => ({ '@id': l.href }));
    out[gs1(type)] = ids.length === 1 ? ids[0] : ids;
  }
  return out;
}

/** The page view with its JSON-LD extended (the view's JSON-LD is read back from its safe serialisation). */
export function withGs1JsonLd(
  view: PublicPageView,
  snapshot: RevisionSnapshot,
  opts: { hasPassport?: boolean } = {},
): PublicPageView {
  const product = JSON.parse(view.json_ld) as Record<string, unknown>;
  return { ...view, json_ld: serializeJsonLd(withGs1WebVocabulary(product, snapshot, view.block, opts)) };
}
