/**
 * Requirements documentation (issue 19): /docs/requirements is generated from the packs, and a
 * blocker's legal basis on the SKU page links to its rule's entry there.
 */
import { expect, test } from '@playwright/test';
import { screenshot, signUp, uniqueEmail } from './helpers';

test.describe('requirements documentation', () => {
  test('a toy blocker links its legal basis to the rule on /docs/requirements', async ({ page, baseURL }) => {
    await signUp(page, uniqueEmail('reqdocs'));
    const skuCode = `TOY-${Date.now().toString(36).toUpperCase()}`;
    const created = await page.request.post('/api/skus', {
      data: { sku_code: skuCode, product_name: 'Wooden stacking tower', category_code: 'toys' },
      headers: { origin: baseURL!, 'Idempotency-Key': `e2e-${skuCode}` },
    });
    expect(created.status()).toBe(201);
    const sku = (await created.json()).sku as { id: string };

    await page.goto(`/skus/${sku.id}`);
    await page.getByTestId('tab-blockers').click();
    const toyDoc = page.locator('[data-testid="blocker"][data-code="TOY_DOC_MISSING"]');
    await expect(toyDoc).toBeVisible();
    const link = toyDoc.getByTestId('blocker-legal-basis');
    // The legal basis is rendered from the structured citation, article by article.
    await expect(link).toContainText('Directive 2009/48/EC (Toy Safety Directive) Art. 15, Annex III');
    await expect(link).toHaveAttribute('href', '/docs/requirements#rule-toys-toys-doc');
    await screenshot(page, 'requirements-01-sku-blockers');

    const [docs] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await docs.waitForLoadState();
    expect(new URL(docs.url()).hash).toBe('#rule-toys-toys-doc');
    const entry = docs.locator('#rule-toys-toys-doc');
    await expect(entry).toBeVisible();
    await expect(entry).toHaveAttribute('data-code', 'TOY_DOC_MISSING');
    await expect(entry).toContainText('Blocker');
    await expect(entry).toContainText('Until 31 July 2030');
    await expect(
      entry.getByRole('link', { name: /Directive 2009\/48\/EC \(Toy Safety Directive\) Art\. 15/ }),
    ).toHaveAttribute('href', 'https://eur-lex.europa.eu/eli/dir/2009/48/oj');
    await expect(entry).toContainText('Satisfied by');
    await expect(entry).toBeInViewport();
    await screenshot(docs, 'requirements-02-docs-rule', { fullPage: false });

    // Every category has its section, machinery included, and every rule cites at least one act.
    for (const category of [
      'general',
      'toys',
      'electrical',
      'cosmetics',
      'chemicals',
      'textiles',
      'batteries',
      'machinery',
    ]) {
      await expect(docs.locator(`[data-testid="requirement-category"][data-category="${category}"]`)).toBeVisible();
    }
    const withoutCitation = await docs
      .getByTestId('requirement-rule')
      .evaluateAll((els) => els.filter((el) => !el.querySelector('a[href^="https://"]')).length);
    expect(withoutCitation).toBe(0);
    // The cosmetics responsible-person rule names the importer default of Art. 4(5).
    await expect(docs.locator('#rule-cosmetics-cosmetics-responsible-person')).toContainText('Art. 4(5)');
  });
});
