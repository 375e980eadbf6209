/**
 * The public safety page /p/{public_id}: every value escaped, JSON-LD valid and inert with the nonce, the
 * visitor's language among the published ones, unknown ids 404 and withdrawn pages with the withdrawal
 * notice.
 */
import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { publicPages, skus } from '@/lib/db/schema';
import { makeUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { approve, createEntity, link, publish, readySku, setField, withTempBlobStore } from '../skus/fixtures';
import { jsonLdBlocks, renderPublicPage } from './page-harness';

vi.mock('next/headers', async () => {
  const { requestState } = await import('./page-harness-state');
  return { headers: async () => requestState.headers };
});
vi.mock('next/server', () => ({ connection: async () => {} }));

useTestDatabase();
withTempBlobStore();

async function publishedHostileSku() {
  const u = await makeUser();
  const sku = await readySku(u, { product_name: '<script>alert("name")</script> & Söhne "Board"' });
  await setField(
    u,
    sku.id,
    'safety_warnings_en',
    '</script><img src=x onerror=alert(1)> Keep <b>dry</b>.\n\nSecond paragraph & more.',
  );
  await setField(u, sku.id, 'brand', "Brand' onmouseover='x");
  const rp = await createEntity(u, {
    name: 'RP <i>Services</i>',
    street: 'Rue 1',
    postal_code: '1000',
    city: 'Bruxelles',
    country: 'BE',
    email: 'rp@example.test',
    contact_url: 'https://rp.example/?q=<x>',
  });
  await link(u, sku.id, 'responsible_person', rp.id);
  await approve(u, sku.id);
  const res = await publish(u, sku.id);
  expect(res.status, res.text).toBe(200);
  return { u, sku, publicId: res.body.output.public_id as string };
}

describe('the public safety page /p/{public_id}', () => {
  it('escapes every value, keeps JSON-LD valid and inert, and carries the nonce', async () => {
    const { publicId } = await publishedHostileSku();
    const { html, metadata } = await renderPublicPage(publicId, {
      acceptLanguage: 'en-GB,en;q=0.9',
      nonce: 'n0nce123',
    });
    expect(html).not.toMatch(/<script>alert/);
    expect(html).not.toMatch(/<img src=x/);
    expect(html).not.toMatch(/<b>dry<\/b>/);
    expect(html).not.toMatch(/<i>Services<\/i>/);
    expect(html).toContain('&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt; &amp; Söhne &quot;Board&quot;');
    expect(html).toContain('&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; Keep &lt;b&gt;dry&lt;/b&gt;.');
    expect(html).toContain('Second paragraph &amp; more.');
    // Exactly one script element: the JSON-LD, with the request's nonce; no event handler attributes anywhere.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('<script type="application/ld+json" nonce="n0nce123">');
    expect(html).not.toMatch(/<[^>]*\son[a-z]+=/i);
    const [ld] = jsonLdBlocks(html);
    expect(ld).not.toContain('<');
    const parsed = JSON.parse(ld);
    expect(parsed).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: '<script>alert("name")</script> & Söhne "Board"',
    });
    expect(html).toContain('href="https://rp.example/?q=&lt;x&gt;"');
    expect(metadata.title).toEqual({ absolute: expect.stringContaining('<script>alert("name")</script>') });
  });

  it('shows the visitor language among the published ones: Accept-Language, ?lang=, fallback notice', async () => {
    const { publicId } = await publishedHostileSku();
    const de = await renderPublicPage(publicId, { acceptLanguage: 'de-AT,de;q=0.9,en;q=0.5' });
    expect(de.html).toContain('<main lang="de"');
    expect(de.html).toContain('Warnhinweise und Sicherheitsinformationen');
    expect(de.html).toContain('Nicht in der Spülmaschine reinigen.');
    expect(de.html).toContain(`href="/p/${publicId}?lang=en"`);
    expect(de.html).toContain('aria-current="true"');

    const en = await renderPublicPage(publicId, { acceptLanguage: 'de-AT,de;q=0.9', lang: 'en' });
    expect(en.html).toContain('<main lang="en"');
    expect(en.html).toContain('Warnings and safety information');
    expect(en.html).not.toContain('Nicht in der Spülmaschine');

    // French was not published: French labels, English text, and a notice saying so.
    const fr = await renderPublicPage(publicId, { lang: 'fr' });
    expect(fr.html).toContain('Avertissements');
    expect(fr.html).toMatch(/role="note"/);
    expect(fr.html).toContain('Keep &lt;b&gt;dry');

    const none = await renderPublicPage(publicId, { acceptLanguage: 'ja' });
    expect(none.html).toContain('<main lang="en"');
    // The QR code is drawn as a path; manufacturer and responsible person with addresses.
    expect(none.html).toMatch(/<svg viewBox="0 0 \d+ \d+"[^>]*><rect[^>]*><\/rect><path d="M/);
    expect(none.html).toContain('Holzwerk Müller GmbH');
    expect(none.html).toContain('RP &lt;i&gt;Services&lt;/i&gt;');
    expect(none.html).toContain('80331 München');
  });

  it('unknown ids are 404 (notFound), withdrawn ones show the withdrawal notice', async () => {
    await expect(renderPublicPage('zzzzzzzzzz')).rejects.toMatchObject({ digest: expect.stringContaining('404') });
    await expect(renderPublicPage('<script>')).rejects.toMatchObject({ digest: expect.stringContaining('404') });
    const { sku, publicId } = await publishedHostileSku();
    const db = await getDb();
    await db
      .update(publicPages)
      .set({ withdrawnAt: new Date(), skuId: null })
      .where(eq(publicPages.publicId, publicId));
    await db.delete(skus).where(eq(skus.id, sku.id));
    const gone = await renderPublicPage(publicId, { acceptLanguage: 'it' });
    expect(gone.html).toContain('Questa pagina prodotto è stata ritirata');
  });
});
