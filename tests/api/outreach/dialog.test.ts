/**
 * The request dialog sends what it shows (issue 39, part 3): the draft offers the SKU's operators as
 * recipients, each in its own language; the greeting names the chosen (or typed) recipient and never
 * another operator; the due date is in the mail even when the text was drafted before it was set; and
 * the mail that leaves is the preview with the link filled in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as uploadRoute from '@/app/api/supplier-email/upload/[token]/route';
import { call, makeUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { createEntity, link } from '../skus/fixtures';
import { draft, send, startSmtp, tokenOf, toySku } from './helpers';

useTestDatabase();

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  smtp.use();
});
afterAll(async () => {
  await smtp.close();
});

const IMPORTER = {
  name: 'Jouets Import SARL',
  street: '12 rue de la Paix',
  postal_code: '75002',
  city: 'Paris',
  country: 'FR',
  email: 'qualite@jouets-import.example',
};

describe('the request dialog', () => {
  it("offers the SKU's operators with their language; the greeting and language follow the chosen or typed recipient", async () => {
    const u = await makeUser();
    const { sku, entity: maker } = await toySku(u);
    const importer = await createEntity(u, IMPORTER);
    await link(u, sku.id, 'importer', importer.id);

    const first = (await draft(u, { sku_id: sku.id })).body.draft;
    expect(first).toMatchObject({ to: 'compliance@spielwaren.example', locale: 'de', greeting_name: maker.name });
    expect(first.recipients).toEqual([
      expect.objectContaining({ entity_id: maker.id, role: 'manufacturer', locale: 'de' }),
      expect.objectContaining({ entity_id: importer.id, role: 'importer', locale: 'fr', email: IMPORTER.email }),
    ]);

    const chosen = (await draft(u, { sku_id: sku.id, entity_id: importer.id })).body.draft;
    expect(chosen).toMatchObject({ to: IMPORTER.email, locale: 'fr', greeting_name: IMPORTER.name });
    expect(chosen.body.split('\n')[0]).toBe(`Chère équipe ${IMPORTER.name},`);
    expect(chosen.body).not.toContain(maker.name as string);

    const typed = (await draft(u, { sku_id: sku.id, to: IMPORTER.email })).body.draft;
    expect(typed).toMatchObject({ locale: 'fr', greeting_name: IMPORTER.name });

    const stranger = (await draft(u, { sku_id: sku.id, to: 'someone@elsewhere.example' })).body.draft;
    expect(stranger).toMatchObject({ locale: 'en', greeting_name: null });
    expect(stranger.body.split('\n')[0]).toBe('Hello,');
  });

  it('the mail is the preview with the link filled in, in the language shown; a due date set later is in it', async () => {
    const u = await makeUser();
    const { sku } = await toySku(u);
    const importer = await createEntity(u, IMPORTER);
    await link(u, sku.id, 'importer', importer.id);
    const d = (await draft(u, { sku_id: sku.id, entity_id: importer.id })).body.draft;
    // The due date was chosen after the text was drafted: it is put in.
    const res = await send(u, {
      sku_id: sku.id,
      to: d.to,
      subject: d.subject,
      body: d.body,
      entity_id: d.entity_id,
      locale: d.locale,
      due_date: '2026-12-31',
    });
    expect(res.status, res.text).toBe(201);
    const r = res.body.request;
    expect(r.locale).toBe('fr');
    const mail = smtp.mails.find((m) => m.parsed.messageId === r.message_id)!;
    expect(mail.parsed.subject).toBe(d.subject);
    expect(mail.parsed.text).toContain(
      'Nous vous serions reconnaissants de nous les transmettre avant le 31 déc. 2026.',
    );
    const withoutDue = mail.parsed
      .text!.replace(/\r\n/g, '\n')
      .trim()
      .split('\n')
      .filter((l) => !l.startsWith('Nous vous serions'))
      .join('\n');
    expect(withoutDue).toBe(d.body.split(d.upload_link_placeholder).join(r.upload_url));
    const token = tokenOf(r.upload_url);
    const view = await call(uploadRoute, 'GET', `/api/supplier-email/upload/${token}`, { params: { token } });
    expect(view.body.request).toMatchObject({ locale: 'fr', due_date: '2026-12-31' });

    // Drafted with the due date: the preview already says it, the mail says it once.
    const d2 = (await draft(u, { sku_id: sku.id, entity_id: importer.id, due_date: '2026-12-31' })).body.draft;
    expect(d2.body).toContain('31 déc. 2026');
    const res2 = await send(u, {
      sku_id: sku.id,
      to: d2.to,
      subject: d2.subject,
      body: d2.body,
      due_date: '2026-12-31',
    });
    const mail2 = smtp.mails.find((m) => m.parsed.messageId === res2.body.request.message_id)!;
    expect(mail2.parsed.text!.match(/31 déc\. 2026/g)).toHaveLength(1);
  });
});
