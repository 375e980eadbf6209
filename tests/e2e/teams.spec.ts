/**
 * Two people, one workspace: A (owner) switches on four-eyes approval and invites B as reviewer by
 * mail (a real SMTP server on loopback receives the invitation); B signs up from the link and joins;
 * A prepares a SKU and completes its review (a confirmed act); A cannot approve (four eyes, with B
 * named as who may); B finds the approval in "My work" and approves; the audit log shows both.
 */
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, screenshot, signUp, uniqueEmail, useLoopbackSmtp } from './helpers';

const mails = useLoopbackSmtp();

/** A SKU with every blocker cleared, made through the API with A's session (the UI for it is tested elsewhere). */
async function prepareSku(page: Page, baseURL: string, code: string): Promise<string> {
  const headers = { origin: baseURL };
  const created = await page.request.post('/api/skus', {
    headers,
    data: { sku_code: code, product_name: 'Bamboo cutting board' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).sku.id as string;
  const fields: Record<string, string> = {
    model_number: 'CB-200',
    brand: 'Holzwerk',
    product_image_url: 'https://images.example/cb-200.jpg',
    product_description: 'Cutting board made of bamboo, 30 x 20 cm.',
    target_markets: 'DE',
    safety_warnings_de: 'Nicht in der Spülmaschine reinigen.',
    safety_warnings_en: 'Do not put in the dishwasher.',
    instructions_de: 'Vor dem ersten Gebrauch mit Öl einreiben.',
    instructions_en: 'Rub with oil before first use.',
  };
  for (const [k, v] of Object.entries(fields)) {
    const r = await page.request.put(`/api/skus/${id}/dossier/${k}`, { headers, data: { value: v } });
    expect(r.status(), await r.text()).toBe(200);
  }
  const entity = await page.request.post('/api/entities', {
    headers,
    data: {
      name: 'Holzwerk Müller GmbH',
      street: 'Werkstraße 5',
      postal_code: '80331',
      city: 'München',
      country: 'DE',
      email: 'safety@holzwerk.example',
    },
  });
  expect(entity.status(), await entity.text()).toBe(201);
  const linked = await page.request.put(`/api/skus/${id}/entities/manufacturer`, {
    headers,
    data: { entity_id: (await entity.json()).entity.id },
  });
  expect(linked.status()).toBe(200);
  const doc = await page.request.post('/api/documents/bulk', {
    headers: { ...headers, 'idempotency-key': `ra-${id}` },
    multipart: {
      files: {
        name: 'Risk assessment CB-200.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Risk assessment for the bamboo cutting board CB-200.\n'),
      },
      sku_id: id,
      document_type: 'risk_assessment',
    },
  });
  expect(doc.status(), await doc.text()).toBe(200);
  await expect
    .poll(async () => (await (await page.request.get(`/api/skus/${id}`)).json()).status, { timeout: 20_000 })
    .toBe('needs_review');
  return id;
}

test('two people: invite a reviewer, four-eyes approval, the audit log shows both', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two browsers, an invitation, four-eyes and the audit CSV: close to a minute on a loaded 2-core machine.
  test.setTimeout(150_000);
  const a = uniqueEmail('owner-a');
  const b = uniqueEmail('reviewer-b');
  const code = `TEAM-${Date.now().toString(36).toUpperCase()}`;
  let inviteUrl = '';
  let skuId = '';

  await test.step('A switches on four-eyes approval and invites B as reviewer', async () => {
    await signUp(page, a);
    await page.goto('/settings/members');
    await expect(page.getByTestId(`member-${a}`)).toContainText('owner');
    const toggle = page.getByTestId('four-eyes-toggle');
    await toggle.click();
    await expect(toggle).toHaveAttribute('data-state', 'checked');
    await page.getByLabel('Email').fill(b);
    await page.getByTestId('invite-role').click();
    await page.getByRole('option', { name: 'reviewer', exact: true }).click();
    await page.getByTestId('invite-submit').click();
    await expect(page.getByTestId('invite-link')).toBeVisible();
    await expect(page.getByText(`Invitation mailed to ${b}`)).toBeVisible();
    await expect(page.getByTestId('invitations')).toContainText(b);
    await screenshot(page, 'teams-01-members-invited');
    // The mail carries the single-use link.
    await expect.poll(() => mails.find((m) => m.to.includes(b))?.text ?? '').toContain('/invite/');
    inviteUrl = mails.find((m) => m.to.includes(b))!.text.match(/https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/)![0];
    expect(await page.getByTestId('invite-link').textContent()).toBe(inviteUrl);
  });

  await test.step('A prepares a SKU', async () => {
    skuId = await prepareSku(page, baseURL!, code);
  });

  const bContext = await browser.newContext();
  const bPage = await bContext.newPage();
  await test.step('B signs up from the link and joins as reviewer', async () => {
    await bPage.goto(new URL(inviteUrl).pathname);
    await expect(bPage.getByTestId('invite-page')).toContainText('reviewer');
    await screenshot(bPage, 'teams-02-invitation');
    await bPage.getByLabel('Work email').fill(b);
    await bPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await bPage.getByRole('button', { name: 'Create account' }).click();
    await bPage.getByTestId('accept-invitation').click();
    await expect(bPage).toHaveURL(/\/inbox$/);
    await expect(bPage.getByTestId('work-reviews')).toContainText(code);
    await screenshot(bPage, 'teams-03-b-my-work');
    // The link worked once.
    await bPage.goto(new URL(inviteUrl).pathname);
    await expect(bPage.getByTestId('invite-unusable')).toHaveAttribute('data-code', 'INVITATION_USED');
  });

  await test.step('A completes the review after confirming what is signed', async () => {
    await page.goto(`/skus/${skuId}`);
    await page.getByTestId('action-review').click();
    const review = page.getByTestId('review-dialog');
    await expect(review.getByTestId('evidence-list')).toContainText('Risk assessment CB-200.txt');
    await screenshot(page, 'teams-04-review-confirm');
    await review.getByTestId('confirm-review').click();
    await expect(page.getByTestId('sku-status')).toHaveAttribute('data-status', 'ready_for_approval');
  });

  await test.step('A cannot approve: four eyes, and the dialog names B', async () => {
    await page.getByTestId('action-approve').click();
    const dialog = page.getByTestId('approve-dialog');
    await expect(dialog.getByTestId('four-eyes-notice')).toContainText(b);
    await expect(dialog.getByTestId('confirm-approve')).toBeDisabled();
    await screenshot(page, 'teams-05-four-eyes');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // The API says the same, with the precise code.
    const res = await page.request.post(`/api/skus/${skuId}/approve`, { headers: { origin: baseURL! } });
    expect(res.status()).toBe(409);
    const body = await res.json();
    expect(body.error.code).toBe('FOUR_EYES_REQUIRED');
    expect(body.error.details.eligible_approvers.map((x: { email: string }) => x.email)).toEqual([b]);
  });

  await test.step('B finds the approval in My work and approves', async () => {
    await bPage.goto('/inbox');
    const approvals = bPage.getByTestId('work-approvals');
    await expect(approvals).toContainText(code);
    await approvals.getByRole('link', { name: code }).click();
    await expect(bPage).toHaveURL(new RegExp(`/skus/${skuId}$`));
    await bPage.getByTestId('action-approve').click();
    const dialog = bPage.getByTestId('approve-dialog');
    await expect(dialog.getByTestId('what-is-signed')).toBeVisible();
    await expect(dialog.getByTestId('four-eyes-notice')).toHaveCount(0);
    await dialog.getByTestId('confirm-approve').click();
    await expect(bPage.getByTestId('sku-status')).toHaveAttribute('data-status', 'approved');
    await screenshot(bPage, 'teams-06-b-approved');
  });

  await test.step('the audit log shows both people, with the SKU code; filtered by person', async () => {
    await page.goto('/settings/audit');
    const approved = page.locator('[data-testid="audit-event"][data-action="sku.approved"]');
    await expect(approved).toHaveCount(1);
    await expect(approved).toContainText(b);
    await expect(approved).toContainText(code);
    await expect(page.locator('[data-testid="audit-event"][data-action="sku.review_completed"]')).toContainText(a);
    await expect(page.locator('[data-testid="audit-event"][data-action="sku.approval_refused"]')).toContainText(a);
    await expect(page.locator('[data-testid="audit-event"][data-action="member.joined"]')).toContainText(b);
    await expect(page.locator('[data-testid="audit-event"][data-action="workspace.settings_changed"]')).toContainText(
      a,
    );
    await screenshot(page, 'teams-07-audit');
    await page.locator('#audit-person').selectOption({ label: b });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/actor=/);
    await expect(page.locator('[data-testid="audit-event"][data-action="sku.review_completed"]')).toHaveCount(0);
    const rows = page.getByTestId('audit-event');
    await expect(rows.first()).toContainText(b);
    for (const text of await rows.allTextContents()) expect(text).toContain(b);
    const csv = await page.request.get(`/api/audit-events/export.csv?sku=${code}`);
    expect(csv.status()).toBe(200);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines.some((l) => l.includes(`${b},sku.approved,${code}`))).toBe(true);
  });

  await test.step('A makes B a viewer: B sees the sign-off actions disabled, with the reason', async () => {
    await page.goto('/settings/members');
    await page.getByRole('combobox', { name: `Role of ${b}` }).click();
    await page.getByRole('option', { name: 'viewer', exact: true }).click();
    await expect(page.getByText(`${b} is now viewer`)).toBeVisible();
    await bPage.goto(`/skus/${skuId}`);
    const review = bPage.getByTestId('action-review');
    await expect(review).toBeDisabled();
    await expect(bPage.getByTestId('action-publish')).toBeDisabled();
    await expect(bPage.getByTestId('action-publish')).toHaveAttribute(
      'title',
      'Needs the reviewer role; you are a viewer.',
    );
    await screenshot(bPage, 'teams-08-viewer');
    // The server refuses as well, whatever the UI shows.
    const res = await bPage.request.post(`/api/skus/${skuId}/publish`, { headers: { origin: baseURL! } });
    expect(res.status()).toBe(403);
    expect((await res.json()).error).toMatchObject({
      code: 'INSUFFICIENT_ROLE',
      details: { required_role: 'reviewer', role: 'viewer' },
    });
  });

  await bContext.close();
});
