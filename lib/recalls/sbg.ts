/**
 * The Safety Business Gateway pack of a recall case. The gateway (GPSR Art. 20) has no API: a person
 * types the notification into its web form, section by section (receiving authorities, notifier,
 * product, hazard, corrective actions, supply chain). The pack holds every field the form asks, filled
 * from the case, its alert, the dossier and the linked operators, each ready to copy; a field the
 * workspace does not know is marked missing rather than guessed. Also rendered as a PDF for the file.
 */
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { Db } from '@/lib/db/client';
import { skus, workspaces } from '@/lib/db/schema';
import { fontkit, loadDejaVuFonts, makeSanitizer } from '@/lib/publish/pdf/fonts';
import { COLORS, PdfWriter } from '@/lib/publish/pdf/layout';
import { getCase } from './cases';
import { addressOf, confirmedFields, marketsOf, skuOperatorsByRole } from './sku-facts';

export interface SbgField {
  key: string;
  label: string;
  value: string | null;
  missing: boolean;
}
export interface SbgSection {
  key: string;
  title: string;
  fields: SbgField[];
}
export interface SbgPack {
  case_id: string;
  generated_at: string;
  sections: SbgSection[];
  missing_count: number;
}

const field = (key: string, label: string, value: string | null | undefined): SbgField => {
  const v = value && value.trim() ? value.trim() : null;
  return { key, label, value: v, missing: v === null };
};

export async function buildSbgPack(
  db: Db,
  { workspaceId, caseId, now = new Date() }: { workspaceId: string; caseId: string; now?: Date },
): Promise<SbgPack> {
  const c = await getCase(db, { workspaceId, id: caseId });
  const ids = c.skus.map((s) => s.id);
  const facts = await confirmedFields(db, {
    workspaceId,
    skuIds: ids,
    keys: ['brand', 'model_number', 'product_description', 'country_of_origin', 'product_image_url', 'target_markets'],
  });
  const first = c.skus[0];
  const f = (first && facts.get(first.id)) || {};
  const ops = first ? await skuOperatorsByRole(db, { workspaceId, skuId: first.id }) : {};
  const [ws] = await db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId));
  const [skuRow] = first
    ? await db
        .select({ category: skus.categoryText, code: skus.categoryCode })
        .from(skus)
        .where(and(eq(skus.workspaceId, workspaceId), eq(skus.id, first.id)))
    : [];
  const markets = [...new Set(ids.flatMap((id) => marketsOf(facts.get(id)?.target_markets)))];
  const notifier = ops.responsible_person ?? ops.importer ?? ops.manufacturer ?? null;
  const entity = (e: (typeof ops)['manufacturer'] | undefined) =>
    e ? [e.name, addressOf(e), e.email, e.phone].filter(Boolean).join(', ') : null;
  const a = c.alert;
  const sections: SbgSection[] = [
    {
      key: 'authorities',
      title: '1. Receiving authorities',
      fields: [field('member_states', 'Member States where the product was made available', markets.join(', '))],
    },
    {
      key: 'notifier',
      title: '2. Notifier',
      fields: [
        field('company', 'Company name', notifier?.name ?? ws?.name),
        field(
          'operator_role',
          'Role in the supply chain',
          ops.responsible_person
            ? 'Responsible person'
            : ops.importer
              ? 'Importer'
              : ops.manufacturer
                ? 'Manufacturer'
                : null,
        ),
        field('address', 'Address', notifier ? addressOf(notifier) : null),
        field('email', 'E-mail', notifier?.email),
        field('phone', 'Telephone', notifier?.phone),
        field('contact_person', 'Contact person', c.opened_by),
      ],
    },
    {
      key: 'product',
      title: '3. Product',
      fields: [
        field('category', 'Product category', a?.category ?? skuRow?.category ?? skuRow?.code),
        field('product_name', 'Product name', c.skus.map((s) => s.product_name).join('; ')),
        field('brand', 'Brand', f.brand ?? a?.brand),
        field('model', 'Type / model number', f.model_number ?? a?.model),
        field(
          'batches',
          'Batch / serial numbers',
          [...new Set(c.skus.flatMap((s) => s.batches))].join(', ') || a?.batch,
        ),
        field(
          'barcode',
          'Barcode (GTIN)',
          c.skus
            .map((s) => s.gtin)
            .filter(Boolean)
            .join(', '),
        ),
        field('sku_codes', 'Internal product references', c.skus.map((s) => s.sku_code).join(', ')),
        field('description', 'Product description', f.product_description ?? a?.description),
        field('country_of_origin', 'Country of origin', f.country_of_origin ?? a?.country_of_origin),
        field('pictures', 'Pictures', [f.product_image_url, ...(a?.pictures ?? [])].filter(Boolean).join('\n')),
        field('quantity', 'Number of units concerned', null),
        field('production_dates', 'Production / sale period', a?.production_dates),
      ],
    },
    {
      key: 'hazard',
      title: '4. Hazard',
      fields: [
        field('risk_type', 'Type of risk', a?.risk_type),
        field('hazard', 'Description of the hazard', c.hazard || a?.danger),
        field('risk_level', 'Risk level', a?.risk_level),
        field('accidents', 'Accidents or incidents known', null),
        field('alert_reference', 'Related Safety Gate / authority reference', a ? `${a.reference} (${a.feed})` : null),
      ],
    },
    {
      key: 'measures',
      title: '5. Corrective actions',
      fields: [
        field(
          'measure',
          'Measure taken',
          c.action === 'recall' ? 'Recall of the product from end users' : 'Withdrawal of the product from the market',
        ),
        field('measure_date', 'Date the measure was taken', c.created_at.slice(0, 10)),
        field('reason', 'Reason', c.reason),
        field('notice_published', 'Recall notice published on', c.notice.published_at?.slice(0, 10)),
        field('notice_languages', 'Languages of the recall notice', Object.keys(c.notice.languages).join(', ')),
        field(
          'remedy',
          'Remedy offered to consumers',
          c.action === 'recall' ? 'Refund, replacement or repair, free of charge (GPSR Art. 37)' : null,
        ),
      ],
    },
    {
      key: 'supply_chain',
      title: '6. Supply chain',
      fields: [
        field('manufacturer', 'Manufacturer', entity(ops.manufacturer)),
        field('importer', 'Importer', entity(ops.importer)),
        field('responsible_person', 'Responsible person in the EU', entity(ops.responsible_person)),
        field('authorised_representative', 'Authorised representative', entity(ops.authorised_representative)),
        field('distribution', 'Distributors / online marketplaces supplied', null),
      ],
    },
  ];
  return {
    case_id: c.id,
    generated_at: now.toISOString(),
    sections,
    missing_count: sections.reduce((n, s) => n + s.fields.filter((x) => x.missing).length, 0),
  };
}

export async function renderSbgPdf(pack: SbgPack): Promise<Uint8Array> {
  const bytes = await loadDejaVuFonts();
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const fonts = {
    regular: await doc.embedFont(bytes.regular, { subset: true }),
    bold: await doc.embedFont(bytes.bold, { subset: true }),
  };
  const w = new PdfWriter(doc, fonts, makeSanitizer(bytes.regular));
  doc.setTitle('Safety Business Gateway notification pack');
  doc.setLanguage('en');
  doc.setCreationDate(new Date(pack.generated_at));
  w.newPage();
  w.text('Safety Business Gateway notification pack', { font: 'bold', size: 16, color: COLORS.accent });
  w.space(4);
  w.text(`Recall case ${pack.case_id} · generated ${pack.generated_at.slice(0, 16).replace('T', ' ')} UTC`, {
    size: 9,
    color: COLORS.muted,
  });
  w.text(
    pack.missing_count
      ? `${pack.missing_count} field(s) are not known to the workspace and must be completed in the gateway.`
      : 'Every field is filled.',
    { size: 9, color: pack.missing_count ? COLORS.warning : COLORS.muted },
  );
  for (const s of pack.sections) {
    w.space(12);
    w.text(s.title, { font: 'bold', size: 12 });
    w.space(2);
    for (const f of s.fields) {
      w.text(f.label, { font: 'bold', size: 9, color: COLORS.muted });
      w.text(f.value ?? 'MISSING: to complete', { size: 10, color: f.missing ? COLORS.blocker : COLORS.text });
      w.space(3);
    }
  }
  return doc.save();
}
