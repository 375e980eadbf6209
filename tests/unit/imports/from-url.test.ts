/**
 * Product data from realistic shop pages (Shopify-, WooCommerce-, Magento- and Shopware-style markup),
 * and the whole preview against a page served on 127.0.0.1 with loopback allowed for the test.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewProductFromUrl } from '@/lib/imports/from-url';
import { extractProductFromHtml } from '@/lib/imports/product-page';

const SHOPIFY = `<!doctype html><html lang="de"><head>
<meta charset="utf-8"><title>Holzeisenbahn Set &ndash; Kinderladen</title>
<meta property="og:type" content="product"><meta property="og:title" content="Holzeisenbahn Set (OG title)">
<meta property="og:image" content="https://cdn.shop.example/files/og.jpg">
<script type="application/ld+json">
{
  "@context": "http://schema.org/",
  "@type": "Product",
  "name": "Holzeisenbahn Set &quot;Classic&quot;",
  "url": "https://kinderladen.example/products/holzeisenbahn",
  "image": ["//cdn.shop.example/files/eisenbahn-1.jpg?v=1", "https://cdn.shop.example/files/eisenbahn-2.jpg"],
  "description": "<p>Robuste Holzeisenbahn mit 24 Teilen.<br>Ab 3 Jahren.</p>",
  "sku": "HE-24-CL",
  "mpn": "HE24",
  "brand": { "@type": "Brand", "name": "Kinderladen" },
  "offers": [{ "@type": "Offer", "price": "49.90", "priceCurrency": "EUR", "gtin12": 36000291452, "sku": "HE-24-CL" }]
}
</script></head><body><h1>Holzeisenbahn</h1></body></html>`;

const WOOCOMMERCE = `<html><head><script type="application/ld+json" class="yoast-schema-graph">{"@context":"https://schema.org","@graph":[
 {"@type":"WebPage","@id":"https://shop.example/p/lampe/","name":"Tischlampe Luna"},
 {"@type":"BreadcrumbList","itemListElement":[{"@type":"ListItem","position":1,"name":"Home"}]},
 {"@type":["Product","Thing"],"@id":"https://shop.example/p/lampe/#product","name":"Tischlampe Luna","sku":"LUNA 01/B",
  "manufacturer":{"@type":"Organization","name":"Leuchten Berg GmbH"},"image":{"@type":"ImageObject","url":"/wp-content/uploads/luna.png"},
  "offers":[{"@type":"Offer","gtin13":"4006381333931","price":"39.00"}]}
]}</script></head><body></body></html>`;

const PRODUCT_GROUP = `<html><head><script type="application/ld+json">
[{"@context":"https://schema.org","@type":"ProductGroup","name":"T-Shirt Basic","productGroupID":"TS-BASIC","brand":"Fairwear",
  "variesBy":["https://schema.org/size"],
  "hasVariant":[
    {"@type":"Product","name":"T-Shirt Basic S","sku":"TS-BASIC-S","gtin14":"14006381333938"},
    {"@type":"Product","name":"T-Shirt Basic M","sku":"TS-BASIC-M","gtin13":"4006381333931"},
    {"@type":"Product","name":"T-Shirt Basic L","sku":"TS-BASIC-L","gtin":"036000291452"}
  ]}]
</script></head></html>`;

const MICRODATA = `<html><body>
<div itemscope itemtype="http://schema.org/Product">
  <h1 itemprop="name">Akku-Bohrschrauber BS 18</h1>
  <img itemprop="image" src="/media/catalog/bs18.jpg" alt="">
  <div itemprop="brand" itemscope itemtype="http://schema.org/Brand"><span itemprop="name">Werkzeugprofi</span></div>
  <meta itemprop="gtin13" content="4006381333931">
  <span itemprop="sku">BS-18-LI</span>
  <div itemprop="description">Kompakter Bohrschrauber &amp; Ladegerät.</div>
  <div itemprop="offers" itemscope itemtype="http://schema.org/Offer"><meta itemprop="price" content="89.00"><span itemprop="name">Not the product name</span></div>
</div>
<div itemscope itemtype="https://schema.org/Organization"><span itemprop="name">Shop GmbH</span></div>
</body></html>`;

const OPEN_GRAPH = `<html><head>
<meta property="og:type" content="og:product"><meta property="og:title" content="Kerzenhalter Messing">
<meta property="og:description" content="Handgefertigt.">
<meta property="og:image" content="https://img.example/kerze.jpg"><meta property="og:image" content="https://img.example/kerze-2.jpg">
<meta property="product:brand" content="Lichtwerk"><meta property="product:retailer_item_id" content="KH-MS-01">
<meta property="product:upc" content="036000291452">
</head></html>`;

const BROKEN_JSON = `<html><head><script type="application/ld+json"><!--
{ "@context": "https://schema.org", "@type": "Product",
  "name": "Gartenschlauch
 25 m", "sku": "GS-25", "gtin13": "4006381333932", }
--></script><script type="application/ld+json">{ not json</script></head></html>`;

const RELATED = `<html><head><script type="application/ld+json">[
 {"@type":"Product","name":"Related A","url":"https://shop.example/a","sku":"A"},
 {"@type":"Product","name":"Main Product","url":"https://shop.example/main","sku":"MAIN","gtin13":"4006381333931"},
 {"@type":"Product","name":"Related B","url":"https://shop.example/b","sku":"B"}
]</script></head></html>`;

describe('extractProductFromHtml', () => {
  it('reads Shopify-style JSON-LD with offers, a numeric GTIN that lost its zero, relative images', () => {
    const p = extractProductFromHtml(SHOPIFY, 'https://kinderladen.example/products/holzeisenbahn');
    expect(p.fields).toMatchObject({
      product_name: { value: 'Holzeisenbahn Set "Classic"', source: 'jsonld' },
      gtin: { value: '036000291452', source: 'jsonld' },
      sku_code: { value: 'HE-24-CL', source: 'jsonld' },
      model_number: { value: 'HE24', source: 'jsonld' },
      brand: { value: 'Kinderladen', source: 'jsonld' },
      product_image_url: { value: 'https://cdn.shop.example/files/eisenbahn-1.jpg?v=1', source: 'jsonld' },
      product_description: { value: 'Robuste Holzeisenbahn mit 24 Teilen.\nAb 3 Jahren.', source: 'jsonld' },
    });
    expect(p.fields.images?.value).toHaveLength(2);
    expect(p.sources_found).toEqual(['jsonld', 'opengraph']);
  });

  it('reads a WooCommerce @graph: typed arrays, manufacturer, ImageObject, a SKU that is not a valid code', () => {
    const p = extractProductFromHtml(WOOCOMMERCE, 'https://shop.example/p/lampe/');
    expect(p.fields.product_name).toEqual({ value: 'Tischlampe Luna', source: 'jsonld' });
    expect(p.fields.gtin).toEqual({ value: '4006381333931', source: 'jsonld' });
    expect(p.fields.manufacturer_name).toEqual({ value: 'Leuchten Berg GmbH', source: 'jsonld' });
    expect(p.fields.product_image_url?.value).toBe('https://shop.example/wp-content/uploads/luna.png');
    expect(p.fields.sku_code).toBeUndefined();
    expect(p.fields.external_sku_id?.value).toBe('LUNA 01/B');
    expect(p.warnings.map((w) => w.code)).toContain('sku_not_a_valid_code');
  });

  it('reads a ProductGroup and lists its variants', () => {
    const p = extractProductFromHtml(PRODUCT_GROUP, 'https://shop.example/t-shirt');
    expect(p.fields.product_name?.value).toBe('T-Shirt Basic');
    expect(p.fields.brand?.value).toBe('Fairwear');
    expect(p.fields.sku_code?.value).toBe('TS-BASIC');
    expect(p.variants).toEqual([
      { name: 'T-Shirt Basic S', sku: 'TS-BASIC-S', gtin: '14006381333938' },
      { name: 'T-Shirt Basic M', sku: 'TS-BASIC-M', gtin: '4006381333931' },
      { name: 'T-Shirt Basic L', sku: 'TS-BASIC-L', gtin: '036000291452' },
    ]);
    expect(p.warnings.map((w) => w.code)).toContain('product_group_variants');
  });

  it('reads microdata with nested Brand and Offer items without mixing their properties', () => {
    const p = extractProductFromHtml(MICRODATA, 'https://werkzeug.example/bs18.html');
    expect(p.fields).toMatchObject({
      product_name: { value: 'Akku-Bohrschrauber BS 18', source: 'microdata' },
      brand: { value: 'Werkzeugprofi', source: 'microdata' },
      gtin: { value: '4006381333931', source: 'microdata' },
      sku_code: { value: 'BS-18-LI', source: 'microdata' },
      product_image_url: { value: 'https://werkzeug.example/media/catalog/bs18.jpg', source: 'microdata' },
      product_description: { value: 'Kompakter Bohrschrauber & Ladegerät.', source: 'microdata' },
    });
  });

  it('falls back to OpenGraph product tags', () => {
    const p = extractProductFromHtml(OPEN_GRAPH, 'https://deko.example/kerze');
    expect(p.fields).toMatchObject({
      product_name: { value: 'Kerzenhalter Messing', source: 'opengraph' },
      sku_code: { value: 'KH-MS-01', source: 'opengraph' },
      gtin: { value: '036000291452', source: 'opengraph' },
      brand: { value: 'Lichtwerk', source: 'opengraph' },
      product_image_url: { value: 'https://img.example/kerze.jpg', source: 'opengraph' },
    });
    expect(p.fields.images?.value).toEqual(['https://img.example/kerze.jpg', 'https://img.example/kerze-2.jpg']);
    expect(p.warnings).toEqual([]);
  });

  it('tolerates comment-wrapped JSON-LD with raw line breaks and trailing commas; refuses a bad GTIN', () => {
    const p = extractProductFromHtml(BROKEN_JSON, 'https://garten.example/gs');
    expect(p.fields.product_name?.value).toBe('Gartenschlauch 25 m');
    expect(p.fields.sku_code?.value).toBe('GS-25');
    expect(p.fields.gtin).toBeUndefined();
    expect(p.warnings.map((w) => w.code)).toEqual(expect.arrayContaining(['invalid_gtin', 'invalid_json_ld']));
  });

  it('picks the product whose URL is the page among related products', () => {
    const p = extractProductFromHtml(RELATED, 'https://shop.example/main');
    expect(p.fields.product_name?.value).toBe('Main Product');
    expect(p.warnings.find((w) => w.code === 'multiple_products')?.message).toMatch(/its URL is this page/);
  });

  it('says so when a page has no product data', () => {
    const p = extractProductFromHtml(
      '<html><head><title>Blog</title></head><body>Hello</body></html>',
      'https://blog.example/',
    );
    expect(p.fields).toEqual({});
    expect(p.warnings.map((w) => w.code)).toEqual(['no_structured_data']);
  });
});

describe('previewProductFromUrl', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/p/eisenbahn') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(SHOPIFY);
      } else if (req.url === '/latin') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(
          iconv.encode(
            '<html><head><meta charset="windows-1252"><meta property="og:title" content="Größe „XL“ – 5 €"></head></html>',
            'win1252',
          ),
        );
      } else if (req.url === '/pdf') {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.end('%PDF-1.7');
      } else if (req.url === '/gone') {
        res.writeHead(404, { 'content-type': 'text/html' });
        res.end('<h1>Not found</h1>');
      } else {
        res.writeHead(302, { location: 'http://192.168.0.1/' });
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('proposes SKU and dossier fields from a served page', async () => {
    const r = await previewProductFromUrl(`${base}/p/eisenbahn`, { allowLoopback: true });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.final_url).toBe(`${base}/p/eisenbahn`);
    expect(r.sku).toEqual({
      sku_code: 'HE-24-CL',
      product_name: 'Holzeisenbahn Set "Classic"',
      gtin: '036000291452',
      external_sku_id: null,
    });
    expect(r.dossier).toMatchObject({ brand: 'Kinderladen', model_number: 'HE24', gtin: '036000291452' });
  });

  it('decodes the page charset', async () => {
    const r = await previewProductFromUrl(`${base}/latin`, { allowLoopback: true });
    expect(r.ok && r.sku.product_name).toBe('Größe „XL“ – 5 €');
  });

  it('returns typed errors for non-HTML, HTTP errors, private redirects and loopback by default', async () => {
    const pdf = await previewProductFromUrl(`${base}/pdf`, { allowLoopback: true });
    expect(!pdf.ok && pdf.error.code).toBe('not_html');
    const gone = await previewProductFromUrl(`${base}/gone`, { allowLoopback: true });
    expect(!gone.ok && gone.error).toMatchObject({ code: 'http_status', details: { status: 404 } });
    const redirect = await previewProductFromUrl(`${base}/elsewhere`, { allowLoopback: true });
    expect(!redirect.ok && redirect.error.code).toBe('address_refused');
    const loopback = await previewProductFromUrl(`${base}/p/eisenbahn`);
    expect(!loopback.ok && loopback.error.code).toBe('address_refused');
  });
});
