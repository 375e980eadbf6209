/**
 * The AI assistant in the browser: fill with cited suggestions through a loopback provider, cancel while the model
 * is slow, and rules-only filling without a provider.
 */
import { expect, test, type Page } from '@playwright/test';
import { startOpenAiStub, type OpenAiStub } from '../api/ai/openai-stub';
import { screenshot, signUp, uniqueEmail } from './helpers';

/**
 * The AI assistant on the SKU page. With E2E_AI_STUB_PORT set, the app talks to an OpenAI-compatible
 * server on loopback that this spec runs (real HTTP through @ai-sdk/openai): Fill with AI → live
 * progress → cited suggestions with the quote → accept → the blocker goes. Without it, the same button
 * runs on rules and says so.
 */

const STUB_PORT = process.env.E2E_AI_STUB_PORT ? Number(process.env.E2E_AI_STUB_PORT) : null;
const DOC = [
  'EU Declaration of Conformity No. 2024-017',
  'Product: Wooden toy train, model TR-100',
  'Manufacturer: Holzwerk Müller GmbH, Werkstraße 5, 80331 München, Germany',
  'Warning! Not suitable for children under 36 months. Intended for children from 3 years (age 3+).',
  'The object of the declaration is in conformity with Directive 2009/48/EC on the safety of toys.',
].join('\n');

async function skuWithDoc(page: Page, baseURL: string) {
  const headers = { origin: baseURL };
  const sku = await (
    await page.request.post('/api/skus', {
      headers,
      data: { sku_code: `TRAIN-${Date.now().toString(36)}`, product_name: 'Wooden toy train', category_code: 'toys' },
    })
  ).json();
  const id = sku.sku.id as string;
  const up = await page.request.post('/api/documents/bulk', {
    headers,
    multipart: {
      files: { name: 'DoC-TR-100.txt', mimeType: 'text/plain', buffer: Buffer.from(DOC) },
      sku_id: id,
      document_type: 'declaration_of_conformity',
    },
  });
  expect(up.status()).toBe(200);
  return id;
}

async function blockerCodes(page: Page, id: string) {
  const d = await (await page.request.get(`/api/skus/${id}`)).json();
  return (d.blockers as { code: string; waived?: unknown }[]).filter((b) => !b.waived).map((b) => b.code);
}

test.describe('AI assistant', () => {
  let stub: OpenAiStub | null = null;
  test.beforeAll(async () => {
    if (STUB_PORT) stub = await startOpenAiStub({ port: STUB_PORT });
  });
  test.afterAll(async () => {
    await stub?.close();
  });

  test('Fill with AI through the loopback provider: cited suggestions, accept, the blocker goes', async ({
    page,
    baseURL,
  }) => {
    test.skip(!STUB_PORT, 'set E2E_AI_STUB_PORT to run the app against the loopback AI provider');
    stub!.reply = (req) => {
      const ref = /document="(D\d+)" page="1" name="DoC-TR-100.txt"/.exec(req.prompt)?.[1] ?? 'D1';
      return {
        delayMs: 1500,
        content: {
          suggestions: [
            {
              field_key: 'age_grading',
              value: '3+',
              document: ref,
              page: 1,
              quote: 'Intended for children from 3 years (age 3+).',
              confidence: 0.86,
              reasoning: 'The declaration states the intended age.',
            },
            {
              field_key: 'age_grading',
              value: '0+',
              document: ref,
              page: 1,
              quote: 'Suitable from birth.',
              confidence: 0.9,
              reasoning: 'Invented.',
            },
          ],
        },
      };
    };
    await signUp(page, uniqueEmail('ai'));
    const id = await skuWithDoc(page, baseURL!);
    expect(await blockerCodes(page, id)).toContain('TOY_AGE_GRADING_MISSING');
    await page.goto(`/skus/${id}`);
    const panel = page.getByTestId('ai-fill-panel');
    await panel.getByTestId('ai-fill-start').click();
    await expect(panel.getByTestId('ai-fill-progress')).toBeVisible();
    await expect(panel.getByTestId('ai-fill-cancel')).toBeVisible();
    await screenshot(page, 'ai-01-progress');
    await expect(panel.getByTestId('ai-fill-status')).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
    const suggestion = panel.locator('[data-testid="ai-suggestion"][data-field="age_grading"]');
    await expect(suggestion).toHaveCount(1);
    await expect(suggestion.getByTestId('ai-suggestion-value')).toHaveText('3+');
    await expect(suggestion.getByTestId('ai-quote')).toHaveText('Intended for children from 3 years (age 3+).');
    await expect(suggestion.getByTestId('ai-citation-link')).toHaveAttribute(
      'href',
      /\/api\/documents\/[0-9a-f-]{36}\/file#page=1&search=/,
    );
    await expect(panel.getByTestId('ai-dropped')).toContainText('1 answer of the model refused');
    await screenshot(page, 'ai-02-suggestions');
    expect(stub!.requests.length).toBeGreaterThanOrEqual(1);

    await suggestion.getByTestId('ai-accept').click();
    await expect(suggestion.getByTestId('ai-decided')).toHaveText('accepted');
    await expect.poll(() => blockerCodes(page, id)).not.toContain('TOY_AGE_GRADING_MISSING');
    // The dossier shows the value as confirmed, from the AI suggestion.
    const row = page.locator('#field-age_grading');
    await expect(row.getByTestId('field-value')).toContainText('3+');
    await screenshot(page, 'ai-03-accepted');
  });

  test('cancel while the model is slow', async ({ page, baseURL }) => {
    test.skip(!STUB_PORT, 'set E2E_AI_STUB_PORT to run the app against the loopback AI provider');
    stub!.reply = () => ({ delayMs: 15_000, content: { suggestions: [] } });
    await signUp(page, uniqueEmail('ai-cancel'));
    const id = await skuWithDoc(page, baseURL!);
    await page.goto(`/skus/${id}`);
    const panel = page.getByTestId('ai-fill-panel');
    await panel.getByTestId('ai-fill-start').click();
    await expect(panel.getByTestId('ai-fill-progress')).toContainText('Asking the AI model', { timeout: 15_000 });
    await panel.getByTestId('ai-fill-cancel').click();
    await expect(panel.getByTestId('ai-fill-status')).toHaveAttribute('data-status', 'cancelled');
    await expect(panel.getByTestId('ai-suggestion')).toHaveCount(0);
  });

  test('without a provider the fill runs on rules and says so; research and sync from the manufacturer', async ({
    page,
    baseURL,
  }) => {
    test.skip(Boolean(STUB_PORT), 'runs when the app has no AI provider');
    await signUp(page, uniqueEmail('ai-rules'));
    const id = await skuWithDoc(page, baseURL!);
    const headers = { origin: baseURL! };
    const entity = await (
      await page.request.post('/api/entities', {
        headers,
        data: {
          name: 'Holzwerk Müller GmbH',
          street: 'Werkstraße 5',
          postal_code: '80331',
          city: 'München',
          country: 'DE',
          email: 'safety@holzwerk.example',
        },
      })
    ).json();
    await page.request.put(`/api/skus/${id}/entities/manufacturer`, { headers, data: { entity_id: entity.entity.id } });
    await page.goto(`/skus/${id}`);
    const panel = page.getByTestId('ai-fill-panel');
    await panel.getByTestId('ai-fill-start').click();
    await expect(panel.getByTestId('ai-fill-status')).toHaveAttribute('data-status', 'completed_degraded', {
      timeout: 20_000,
    });
    await expect(panel).toContainText('No AI provider is configured');
    await screenshot(page, 'ai-04-degraded');

    // Sync from manufacturer on the dossier field, with the dry run shown first.
    await page.getByRole('button', { name: /Show all \d+ operator fields/ }).click();
    await page.locator('#field-manufacturer_email').getByTestId('sync-manufacturer_email').click();
    const preview = page.getByTestId('sync-preview');
    await expect(preview.getByTestId('sync-new')).toHaveText('safety@holzwerk.example');
    await expect(preview.getByTestId('sync-old')).toHaveText('not set');
    await preview.getByTestId('sync-confirm').click();
    await expect(page.locator('#field-manufacturer_email').getByTestId('field-value')).toContainText(
      'safety@holzwerk.example',
    );

    await panel.getByTestId('ai-research-toggle').click();
    await panel.getByTestId('ai-research-run').click();
    await expect(panel.getByTestId('ai-research-result')).toContainText('no AI provider configured');
    await screenshot(page, 'ai-05-research');
  });
});
