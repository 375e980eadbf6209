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
import { languageName } from '@/lib/i18n/languages';
import { isLocale } from '@/lib/i18n/locales';
import { t } from '@/lib/i18n/messages';
import { PUBLIC_LOCALES, htmlLang } from '@/lib/i18n/public-locales';
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
} from '../skus/fixtures';
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

describe('getSkuTranslations — the language banner', () => {
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

describe('languages the target markets need', () => {
  it('per needed language: the markets asking for it and whether warnings and instructions exist', async () => {
    const u = await makeUser();
    const { sku } = await publishedGermanSku(u);
    const get = async () => {
      const res = await call(translationsRoute, 'GET', `/api/skus/${sku.id}/translations`, {
        cookie: u.cookie,
        params: { id: sku.id },
      });
      expect(res.status, res.text).toBe(200);
      return TranslationsSchema.parse(res.body).market_languages;
    };
    expect(await get()).toEqual([
      { language: 'de', markets: ['DE'], warnings: 'confirmed', instructions: 'confirmed' },
    ]);
    // Belgium needs its three languages, Austria German again; Switzerland is outside the EEA.
    await setFields(u, sku.id, { target_markets: 'BE,AT,CH', safety_warnings_fr: 'Attention ! Petits éléments.' });
    expect(await get()).toEqual([
      { language: 'nl', markets: ['BE'], warnings: 'missing', instructions: 'missing' },
      { language: 'fr', markets: ['BE'], warnings: 'confirmed', instructions: 'missing' },
      { language: 'de', markets: ['BE', 'AT'], warnings: 'confirmed', instructions: 'confirmed' },
    ]);
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

describe('the page in all 26 public languages', () => {
  it('each language: its fixed texts, its lang, its warnings, no banner; Accept-Language and the choice reach it', async () => {
    const u = await makeUser();
    const sku = await createSku(u, {
      sku_code: `ML-${uniqueGtin().slice(-6)}`,
      product_name: 'Stacking tower',
      gtin: uniqueGtin(),
    });
    const texts: Record<string, string> = {
      model_number: 'ST-6',
      brand: 'Holzwerk',
      product_image_url: 'https://images.example/st-6.jpg',
      target_markets: 'DE',
      // The description exists in the five locales a translated text can have; elsewhere it is English.
      product_description: 'A stacking tower of beech wood with six coloured rings.',
      product_description_de: 'Ein Stapelturm aus Buchenholz mit sechs farbigen Ringen.',
      product_description_fr: 'Une tour à empiler en hêtre avec six anneaux colorés.',
      product_description_es: 'Una torre apilable de haya con seis anillos de colores.',
      product_description_it: 'Una torre impilabile in faggio con sei anelli colorati.',
    };
    for (const l of PUBLIC_LOCALES) {
      texts[`safety_warnings_${l}`] = `${t(l, 'public.warnings')} (${l}) ST-6.`;
      texts[`instructions_${l}`] = `${t(l, 'public.instructions')} (${l}) ST-6.`;
    }
    await setFields(u, sku.id, texts);
    const m = await createEntity(u, EU_MANUFACTURER);
    await link(u, sku.id, 'manufacturer', m.id);
    await addDocument(u, { skuIds: [sku.id], type: 'risk_assessment', filename: 'Risk ST-6.pdf' });
    await approve(u, sku.id);
    const res = await publish(u, sku.id);
    expect(res.status, res.text).toBe(200);
    const publicId = res.body.output.public_id as string;

    for (const l of PUBLIC_LOCALES) {
      const { html, metadata } = await renderPublicPage(publicId, { lang: l });
      expect(html, l).toContain(`<main lang="${htmlLang(l)}"`);
      for (const key of [
        'public.title',
        'public.identification',
        'role.manufacturer',
        'public.choose_language',
      ] as const)
        expect(html, `${l} ${key}`).toContain(escapeHtml(t(l, key)));
      expect(html, l).toContain(escapeHtml(`${t(l, 'public.warnings')} (${l}) ST-6.`));
      if (isLocale(l)) expect(html, l).not.toMatch(/role="note"/);
      // Only the description is missing there, in English: the banner says exactly that.
      else
        expect(html, l).toContain(
          `role="note" class="mt-4 rounded-lg bg-info-soft px-3 py-2 text-sm text-info-soft-foreground">${escapeHtml(
            t(l, 'public.fallback_notice', { requested: languageName(l, l), shown: languageName('en', l) }),
          )}</p>`,
        );
      expect(metadata.alternates?.canonical).toBe(`${res.body.public_url}?lang=${l}`);
      // The choice offers every language, the current one selected.
      expect(html).toContain(`<option value="${l}" lang="${htmlLang(l)}" selected="">`);
    }
    expect(
      Object.keys(((await renderPublicPage(publicId)).metadata.alternates?.languages ?? {}) as object),
    ).toHaveLength(27);

    // Accept-Language picks among them, Norwegian Bokmål included.
    expect((await renderPublicPage(publicId, { acceptLanguage: 'lv-LV,lv;q=0.9,en;q=0.5' })).html).toContain(
      '<main lang="lv"',
    );
    expect((await renderPublicPage(publicId, { acceptLanguage: 'nb-NO,nb;q=0.9' })).html).toContain('<main lang="nb"');
    expect((await renderPublicPage(publicId, { acceptLanguage: 'pt-PT' })).html).toContain(
      escapeHtml(t('pt', 'public.warnings')),
    );
  });

  it('a language without texts: its fixed texts around the fallback, and a banner naming both languages', async () => {
    const u = await makeUser();
    const { publicId } = await publishedGermanSku(u);
    const { html } = await renderPublicPage(publicId, { lang: 'lv' });
    expect(html).toContain('<main lang="lv"');
    expect(html).toContain(escapeHtml(t('lv', 'public.title')));
    expect(html).toMatch(/role="note"[^>]*>Nav pieejams valodā: Latviešu; parādīts valodā: Vācu\./);
    expect(html).toMatch(/lang="de"[^>]*><p[^>]*>Achtung!/);
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

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
