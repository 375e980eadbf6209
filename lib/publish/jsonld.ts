/**
 * schema.org Product JSON-LD for a published snapshot, so marketplaces, feeds and agents read the
 * same data as the page. Serialised for embedding in <script type="application/ld+json">.
 */
import { checkGtin } from '@/lib/gtin';
import type { PublishedEntity, PublishedSnapshot } from './art19';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function organization(e: PublishedEntity): { [key: string]: Json } {
  const org: { [key: string]: Json } = { '@type': 'Organization', name: e.name };
  if (e.email) org.email = e.email;
  if (e.url) org.url = e.url;
  if (e.phone) org.telephone = e.phone;
  if (e.address_lines.length > 0 || e.country) {
    const address: { [key: string]: Json } = { '@type': 'PostalAddress' };
    if (e.address_lines.length > 0) address.streetAddress = e.address_lines.join(', ');
    if (e.country) address.addressCountry = e.country;
    org.address = address;
  }
  return org;
}

/** The Product object (not yet serialised). Only values present in the snapshot appear. */
export function buildProductJsonLd(snapshot: PublishedSnapshot): { [key: string]: Json } {
  const f = snapshot.fields;
  const product: { [key: string]: Json } = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: snapshot.sku.product_name,
    sku: snapshot.sku.sku_code,
    url: snapshot.public_url,
  };
  const gtin = snapshot.sku.gtin ?? f.gtin ?? null;
  if (gtin) {
    // A stored GTIN may have a wrong check digit (a warning on the SKU); feeds get only a valid one.
    const checked = checkGtin(gtin);
    if (checked.ok) product.gtin = checked.value;
  }
  if (f.model_number) product.model = f.model_number;
  if (f.product_description) product.description = f.product_description;
  if (f.product_image_url) product.image = f.product_image_url;
  if (f.brand) product.brand = { '@type': 'Brand', name: f.brand };
  if (snapshot.manufacturer) product.manufacturer = organization(snapshot.manufacturer);
  if (f.age_grading) product.audience = { '@type': 'PeopleAudience', description: f.age_grading };
  return product;
}

/**
 * JSON safe inside a <script> element: "<" (so no "</script>" or "<!--"), ">" and "&" become \u escapes,
 * as do U+2028/U+2029 (line terminators for older JavaScript parsers). JSON parsers read them back unchanged.
 */
export function serializeJsonLd(value: unknown): string {
  return (JSON.stringify(value) ?? 'null')
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The complete script element, for server-rendered HTML. */
export function jsonLdScriptTag(value: unknown): string {
  return `<script type="application/ld+json">${serializeJsonLd(value)}</script>`;
}
