// Holds true: the public page speaks the truth about languages. A product whose texts are all German,
// read in German, shows no "not available" banner, and the Publication tab calls the German source
// text the source, not missing; the banner appears only when a text is shown in another language and
// names that language. canonical and hreflang are absolute URLs of the page itself (one /p/{id}, no
// doubled path) that render; <html lang> follows the page's fixed texts; the JSON-LD is per language;
// the GS1 resolver passes a normalised language choice on.
import { describe, expect, it, vi } from 'vitest';
import * as translationsRoute from '@/app/api/skus/[id]/translations/route';
import * as gs1Route from '@/app/01/[gtin]/[[...qualifiers]]/route';
import { getDb } from '@/lib/db/client';
import { PAGE_LANG_HEADER, publicPageProxy } from '@/lib/publish/public-page-csp';
import { TranslationsSchema } from '@/lib/translations/schemas';
import { call, makeUser, ORIGIN, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import {
  addDocument,
  approve,
  createEntity,
  createSku,
  EU_MANUFACTURER,
  link,
  publish,
  setFields,
  uniqueGtin,
  withTempBlobStore,
} from './fixtures';
import { jsonLdBlocks, renderPublicPage } from './page-harness';

vi.mock('next/headers', async () => {
  const { requestState } = await import('./page-harness-state');
  return { headers: async () => requestState.headers };
});
vi.mock('next/server', () => ({ connection: async () => {} }));

useTestDatabase();
withTempBlobStore();

/** A product kept in German only: German source texts, German warnings and instructions. */
async function publishedGermanSku(u: TestUser) {
  const sku = await createSku(u, {
    sku_code: `DE-${uniqueGtin().slice(-6)}`,
    product_name: 'Stapelturm',
    gtin: uniqueGtin(),
  });
  await setFields(u, sku.id, {
    model_number: 'ST-6',
    product_image_url: 'https://images.example/st-6.jpg',
    brand: 'Holzwerk',
    product_description: 'Ein Stapelturm aus Buchenholz mit sechs farbigen Ringen, lackiert mit Wasserlack.',
    age_grading: 'Ab 3 Jahren geeignet',
    target_markets: 'DE',
    safety_warnings_de: 'Achtung! Nicht für Kinder unter 36 Monaten geeignet. Erstickungsgefahr durch Kleinteile.',
    instructions_de: 'Mit einem feuchten Tuch reinigen.',
  });
  const m = await createEntity(u, EU_MANUFACTURER);
  await link(u, sku.id, 'manufacturer', m.id);
  await addDocument(u, { skuIds: [sku.id], type: 'risk_assessment', filename: 'Risikobewertung ST-6.pdf' });
  await approve(u, sku.id);
  const res = await publish(u, sku.id);
  expect(res.status, res.text).toBe(200);
  return { sku, publicId: res.body.output.public_id as string, publicUrl: res.body.public_url as string };
}

describe('the language banner', () => {
  it('a German product read in German: German page, no "not available" banner', async () => {
    const u = await makeUser();
    const { publicId } = await publishedGermanSku(u);
    const de = await renderPublicPage(publicId, { acceptLanguage: 'de-DE,de;q=0.9' });
    expect(de.html).toContain('<main lang="de"');
    expect(de.html).toContain('Ein Stapelturm aus Buchenholz');
    expect(de.html).toContain('Ab 3 Jahren geeignet');
    expect(de.html).not.toContain('Nicht verfügbar');
    expect(de.html).not.toMatch(/role="note"/);
    // The German description is not marked as another language.
    expect(de.html).not.toMatch(/lang="en"[^>]*>Ein Stapelturm/);

    // An English visitor gets English labels and is told the texts are German.
    const en = await renderPublicPage(publicId, { lang: 'en' });
    expect(en.html).toContain('<main lang="en"');
    expect(en.html).toMatch(/role="note"[^>]*>Not available in English; shown in German\./);
    expect(en.html).toMatch(/lang="de"[^>]*>Ein Stapelturm/);
  });

  it('the Publication tab calls the German source text the source, not missing', async () => {
    const u = await makeUser();
    const { sku } = await publishedGermanSku(u);
    const res = await call(translationsRoute, 'GET', `/api/skus/${sku.id}/translations`, {
      cookie: u.cookie,
      params: { id: sku.id },
    });
    expect(res.status, res.text).toBe(200);
    const body = TranslationsSchema.parse(res.body);
    expect(body.source_language).toBe('de');
    const description = body.fields.find((f) => f.field_key === 'product_description')!;
    expect(description.locales.find((c) => c.locale === 'de')?.status).toBe('source');
    expect(description.locales.find((c) => c.locale === 'fr')?.status).toBe('missing');
    expect(description.locales.find((c) => c.locale === 'en')?.status).toBe('missing');
  });
});

describe('canonical, hreflang, html lang and JSON-LD', () => {
  it('are absolute URLs of /p/{id} itself, one per published language plus x-default, and each renders', async () => {
    const u = await makeUser();
    const { publicId, publicUrl } = await publishedGermanSku(u);
    expect(publicUrl).toBe(`${ORIGIN}/p/${publicId}`);
    const { metadata } = await renderPublicPage(publicId, { acceptLanguage: 'de' });
    const alternates = metadata.alternates!;
    expect(alternates.canonical).toBe(`${publicUrl}?lang=de`);
    expect(alternates.languages).toEqual({ de: `${publicUrl}?lang=de`, 'x-default': publicUrl });
    for (const href of [alternates.canonical as string, ...Object.values(alternates.languages as object)]) {
      const url = new URL(href);
      // One /p/{id}: the doubled path (/p/{id}/p/{id}) answered 404.
      expect(url.pathname).toBe(`/p/${publicId}`);
      const page = await renderPublicPage(publicId, { lang: url.searchParams.get('lang') ?? undefined });
      expect(page.html).toContain('Stapelturm');
    }
  });

  it('<html lang> is the language of the fixed texts, set by the proxy', async () => {
    const u = await makeUser();
    const { publicId } = await publishedGermanSku(u);
    const db = await getDb();
    const langOf = async (path: string, acceptLanguage?: string) => {
      const d = await publicPageProxy(
        new Request(`${ORIGIN}${path}`, { headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} }),
        { db },
      );
      if (d.kind !== 'next') throw new Error('expected next');
      return d.requestHeaders.get(PAGE_LANG_HEADER);
    };
    expect(await langOf(`/p/${publicId}`, 'de-AT,de;q=0.9')).toBe('de');
    // French asked for: French labels around German texts (which carry their own lang).
    expect(await langOf(`/p/${publicId}?lang=fr`)).toBe('fr');
    expect(await langOf(`/p/${publicId}`, 'ja')).toBe('de');
  });

  it('the JSON-LD describes the language shown', async () => {
    const u = await makeUser();
    const { publicId, publicUrl } = await publishedGermanSku(u);
    const { html } = await renderPublicPage(publicId, { acceptLanguage: 'de' });
    const ld = JSON.parse(jsonLdBlocks(html)[0]);
    expect(ld).toMatchObject({
      '@type': 'Product',
      description: expect.stringContaining('Ein Stapelturm aus Buchenholz'),
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${publicUrl}?lang=de`, inLanguage: 'de' },
      audience: { '@type': 'PeopleAudience', description: 'Ab 3 Jahren geeignet' },
    });
  });
});

describe('the GS1 resolver', () => {
  it('passes a normalised language on, and nothing for an unknown one', async () => {
    const u = await makeUser();
    const { sku, publicId } = await publishedGermanSku(u);
    const gtin = sku.gtin as string;
    const go = async (lang?: string) =>
      (
        await call(gs1Route, 'GET', `/01/${gtin}`, { params: { gtin }, query: lang ? { lang } : undefined })
      ).headers.get('location');
    expect(await go('DE-at')).toBe(`/p/${publicId}?lang=de`);
    expect(await go('nb')).toBe(`/p/${publicId}?lang=no`);
    expect(await go('lv')).toBe(`/p/${publicId}?lang=lv`);
    expect(await go('xx')).toBe(`/p/${publicId}`);
    expect(await go()).toBe(`/p/${publicId}`);
  });
});
