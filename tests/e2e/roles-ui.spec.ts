/**
 * A viewer sees what they may not do: an owner invites a viewer by mail (a real SMTP server on
 * loopback receives the invitation), the viewer signs up from the link, and on the main pages every
 * mutating control is still there but aria-disabled, described by the reason (not a hover-only
 * tooltip), and does nothing when clicked. Exports count as reads in the role table, so the viewer
 * may start one. The server refuses the viewer's write anyway with 403 INSUFFICIENT_ROLE.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { PASSWORD, screenshot, signUp, uniqueEmail } from './helpers';

const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 10000);
const mails: { to: string[]; text: string }[] = [];
let smtp: SMTPServer;

const REASON = /Needs the editor role; you are a viewer\./;

test.beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const parsed = await PostalMime.parse(Buffer.concat(chunks));
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), text: parsed.text ?? '' });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(SMTP_PORT, '127.0.0.1', () => resolve()));
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Refused the role-gate way: visible, aria-disabled, and described by the reason. */
async function expectRefused(control: Locator, reason: RegExp = REASON) {
  await expect(control).toBeVisible();
  await expect(control).toHaveAttribute('aria-disabled', 'true');
  await expect(control).toHaveAccessibleDescription(reason);
}

async function expectUsable(control: Locator) {
  await expect(control).toBeVisible();
  await expect(control).not.toHaveAttribute('aria-disabled', 'true');
}

async function inviteViewer(page: Page, email: string): Promise<string> {
  await page.goto('/settings/members');
  await page.getByLabel('Email').fill(email);
  await page.getByTestId('invite-role').click();
  await page.getByRole('option', { name: 'viewer', exact: true }).click();
  await page.getByTestId('invite-submit').click();
  await expect(page.getByText(`Invitation mailed to ${email}`)).toBeVisible();
  await expect.poll(() => mails.find((m) => m.to.includes(email))?.text ?? '').toContain('/invite/');
  return mails.find((m) => m.to.includes(email))!.text.match(/https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/)![0];
}

test('a viewer sees mutating controls disabled with the reason, and the API refuses them', async ({
  page,
  browser,
  baseURL,
}) => {
  const owner = uniqueEmail('roles-owner');
  const viewer = uniqueEmail('roles-viewer');
  const code = `ROLE-${Date.now().toString(36).toUpperCase()}`;
  const headers = { origin: baseURL! };
  let skuId = '';

  await test.step('the owner has a SKU with a dossier value, sees New SKU usable, and invites a viewer', async () => {
    await signUp(page, owner);
    const created = await page.request.post('/api/skus', {
      headers,
      data: { sku_code: code, product_name: 'Enamel mug' },
    });
    expect(created.status(), await created.text()).toBe(201);
    skuId = (await created.json()).sku.id;
    const put = await page.request.put(`/api/skus/${skuId}/dossier/brand`, {
      headers,
      data: { value: 'Emaille & Co' },
    });
    expect(put.status(), await put.text()).toBe(200);
    await page.goto('/skus');
    await expectUsable(page.getByTestId('new-sku'));
  });

  const inviteUrl = await test.step('invite', () => inviteViewer(page, viewer));

  const vContext = await browser.newContext();
  const v = await vContext.newPage();
  await test.step('the viewer signs up from the link and joins', async () => {
    await v.goto(new URL(inviteUrl).pathname);
    await expect(v.getByTestId('invite-page')).toContainText('viewer');
    await v.getByLabel('Work email').fill(viewer);
    await v.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await v.getByRole('button', { name: 'Create account' }).click();
    await v.getByTestId('accept-invitation').click();
    await expect(v).toHaveURL(/\/inbox$/);
  });

  await test.step('SKUs: New SKU and Import are disabled with a visible reason; clicking opens nothing', async () => {
    await v.goto('/skus');
    await expect(v.getByRole('link', { name: code })).toBeVisible();
    const newSku = v.getByTestId('new-sku');
    await expectRefused(newSku);
    await expectRefused(v.getByRole('link', { name: 'Import catalogue' }));
    // The reason is on the page as text, not only in a tooltip.
    await expect(v.getByText(REASON).first()).toBeVisible();
    await newSku.click({ force: true });
    await newSku.press('Enter');
    await expect(v.getByRole('dialog')).toHaveCount(0);
    await screenshot(v, 'roles-ui-01-viewer-skus');
  });

  await test.step('the SKU page: a dossier field cannot be edited, documents cannot be uploaded or linked', async () => {
    await v.goto(`/skus/${skuId}`);
    const field = v.getByTestId('dossier-field').filter({ hasText: 'Emaille & Co' });
    const edit = field.getByRole('button', { name: /^Edit / });
    await expectRefused(edit);
    await edit.click({ force: true });
    await expect(field.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await screenshot(v, 'roles-ui-02-viewer-dossier');
  });

  await test.step('Documents: choosing files to upload is disabled with the reason', async () => {
    await v.goto('/documents');
    await expectRefused(v.getByRole('button', { name: 'Choose files', exact: true }));
    await expect(v.getByText('Uploading is not available to your role')).toBeVisible();
  });

  await test.step('Imports: a new import and choosing a file are disabled', async () => {
    await v.goto('/imports');
    await expectRefused(v.getByTestId('new-import'));
    await expectRefused(v.getByTestId('open-from-url'));
    await v.goto('/imports/new');
    await expectRefused(v.getByTestId('choose-file'));
  });

  await test.step('Entities: New entity is disabled', async () => {
    await v.goto('/entities');
    await expectRefused(v.getByTestId('new-entity'));
  });

  await test.step('Exports are reads in the role table: New export stays usable', async () => {
    await v.goto('/exports');
    await expect(v.getByTestId('new-export')).toBeEnabled();
    await expectUsable(v.getByTestId('new-export'));
  });

  await test.step('Settings › API keys: managed by admins, Create key disabled with the reason', async () => {
    await v.goto('/settings/api-keys');
    await expect(v.getByText('API keys are managed by admins')).toBeVisible();
    await expectRefused(v.getByTestId('create-api-key'), /Needs the admin role; you are a viewer\./);
    await screenshot(v, 'roles-ui-03-viewer-api-keys');
  });

  await test.step('the API refuses what the viewer tries anyway', async () => {
    const create = await v.request.post('/api/skus', {
      headers,
      data: { sku_code: `${code}-V`, product_name: 'Not allowed' },
    });
    expect(create.status()).toBe(403);
    expect((await create.json()).error).toMatchObject({
      code: 'INSUFFICIENT_ROLE',
      details: { required_role: 'editor', role: 'viewer' },
    });
    const save = await v.request.put(`/api/skus/${skuId}/dossier/brand`, { headers, data: { value: 'Changed' } });
    expect(save.status()).toBe(403);
    const key = await v.request.post('/api/workspace/api-keys', {
      headers,
      data: { name: 'mine', scopes: ['skus:read'] },
    });
    expect(key.status()).toBe(403);
    expect((await key.json()).error.details.required_role).toBe('admin');
    // Nothing changed: the owner still reads the old value.
    const dossier = await page.request.get(`/api/skus/${skuId}/dossier`);
    expect(dossier.status()).toBe(200);
    expect(JSON.stringify(await dossier.json())).toContain('Emaille & Co');
  });

  await vContext.close();
});
