/**
 * The public page's JSON-LD carries the GS1 Web Vocabulary beside schema.org, per language shown and
 * consistent with the published dossier: the same GTIN (as GTIN-14), name, description, brand, warnings
 * and instructions in the language shown (language-tagged), the GS1 Digital Link, and the links the
 * resolver serves.
 */
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { approve, publish, readySku, withTempBlobStore } from '../skus/fixtures';
import { jsonLdBlocks, renderPublicPage } from '../publish/page-harness';

// Next's request APIs outside a server: the page reads the visitor's headers from the harness.
vi.mock('next/headers', async () => {
  const { requestState } = await import('../publish/page-harness-state');
  return { headers: async () => requestState.headers };
});
vi.mock('next/server', () => ({ connection: async () => {} }));

useTestDatabase();
withTempBlobStore();
// Each case publishes SKUs of several workspaces: minutes on a loaded shared machine.
vi.setConfig({ testTimeout: 240_000 });

const GS1 = 'https://gs1.org/voc/';

describe('GS1 Web Vocabulary JSON-LD on the public page', () => {
  it('in the language shown, consistent with the dossier and the resolver', async () => {
    const u = await makeUser();
    const sku = await readySku(u);
    await approve(u, sku.id);
    const pub = await publish(u, sku.id);
    const publicId = pub.body.output.public_id as string;
    const page = pub.body.public_url as string;
    const gtin14 = `0${sku.gtin}`;

    const de = JSON.parse(jsonLdBlocks((await renderPublicPage(publicId, { acceptLanguage: 'de' })).html)[0]);
    // schema.org stays as feeds read it.
    expect(de).toMatchObject({ '@context': 'https://schema.org', '@type': 'Product', name: 'Bamboo cutting board' });
    expect(de).toMatchObject({
      additionalType: `${GS1}Product`,
      hasGS1DigitalLink: `${new URL(page).origin}/01/${gtin14}`,
      [`${GS1}gtin`]: gtin14,
      [`${GS1}productName`]: { '@value': 'Bamboo cutting board' },
      [`${GS1}brand`]: { '@type': `${GS1}Brand`, [`${GS1}brandName`]: { '@value': 'Holzwerk' } },
      [`${GS1}consumerSafetyInformation`]: {
        '@value': 'Nicht in der Spülmaschine reinigen. Von Hitzequellen fernhalten.',
        '@language': 'de',
      },
      [`${GS1}consumerUsageInstructions`]: { '@value': 'Vor dem ersten Gebrauch mit Öl einreiben.', '@language': 'de' },
      [`${GS1}pip`]: { '@id': `${page}?lang=de` },
      [`${GS1}sustainabilityInfo`]: { '@id': `${page}/passport` },
      [`${GS1}recallStatus`]: { '@id': `${page}/recall` },
    });

    const en = JSON.parse(jsonLdBlocks((await renderPublicPage(publicId, { acceptLanguage: 'en' })).html)[0]);
    expect(en[`${GS1}consumerSafetyInformation`]).toEqual({
      '@value': 'Do not put in the dishwasher. Keep away from heat sources.',
      '@language': 'en',
    });
    expect(en[`${GS1}pip`]).toEqual({ '@id': `${page}?lang=en` });
    expect(en[`${GS1}productDescription`]).toMatchObject({ '@value': 'Cutting board made of bamboo, 30 x 20 cm.' });
  });
});
