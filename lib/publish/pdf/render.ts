/**
 * dossier.pdf: the SKU's compliance dossier for an authority or a customer, with an embedded Unicode
 * font (DejaVu Sans: Latin with every EU diacritic, Greek, Cyrillic) and labels in one of the 26
 * public locales (the 24 official EU languages, Icelandic, Norwegian). Pure: input in, bytes out.
 */
import { PDFDocument } from 'pdf-lib';
import { FIELD_SECTIONS, parseFieldKey, type FieldSection } from '@/lib/model/catalogue';
import { countryName, languageName } from '@/lib/i18n/languages';
import { DEFAULT_LOCALE, isLocale } from '@/lib/i18n/locales';
import { formatBytes, formatDate, formatDateTime, t, vocabularyLabel } from '@/lib/i18n/messages';
import { publicCategoryLabel, publicFieldLabel, quoteMarks } from '@/lib/publish/public-labels';
import { htmlLang, isPublicLocale, type PublicLocale } from '@/lib/i18n/public-locales';
import { isEuEstablished } from '@/lib/model/countries';
import { blockerTitle } from '@/lib/requirements/titles';
import { fontkit, loadDejaVuFonts, makeSanitizer } from './fonts';
import { loadPdfPicture } from '../picture-upload';
import { COLORS, MARGIN, PdfWriter } from './layout';
import type { DossierPdfBlocker, DossierPdfField, DossierPdfInput, DossierPdfProvenance } from './types';

// Bounds so a hostile or runaway input cannot produce an unbounded document.
const LIMITS = {
  text: 20_000,
  quote: 400,
  fields: 600,
  entities: 50,
  blockers: 500,
  documents: 2000,
  reviews: 200,
  publications: 200,
};

const clip = (s: string | null | undefined, max: number) => {
  const v = (s ?? '').toString();
  return v.length > max ? `${v.slice(0, max)}…` : v;
};

let sanitizerCache: { bytes: Uint8Array; fn: (s: string) => string } | null = null;

function formatValue(key: string, value: string, locale: PublicLocale): string {
  const kind = parseFieldKey(key)?.definition.kind;
  switch (kind) {
    case 'country':
      return `${countryName(value, locale)} (${value})`;
    case 'country_list':
      return value
        .split(',')
        .filter(Boolean)
        .map((c) => `${countryName(c, locale)} (${c})`)
        .join(', ');
    case 'enum':
      return value === 'yes' ? t(locale, 'common.yes') : value === 'no' ? t(locale, 'common.no') : value;
    case 'date':
      return `${formatDate(value, locale)} (${value})`;
    case 'list':
      return value
        .split(/;\s*/)
        .filter(Boolean)
        .map((v) => `• ${v}`)
        .join('\n');
    default:
      return value;
  }
}

function provenanceNote(
  p: DossierPdfProvenance | null | undefined,
  field: DossierPdfField,
  locale: PublicLocale,
): string {
  const parts: string[] = [];
  if (p) {
    parts.push(`${t(locale, 'pdf.provenance')}: ${vocabularyLabel(locale, 'source', p.source)}`);
    if (p.document_name || p.document_id) parts.push(clip(p.document_name || p.document_id, 200));
    if (typeof p.page === 'number' && Number.isFinite(p.page)) parts.push(t(locale, 'pdf.page_ref', { page: p.page }));
    if (typeof p.row === 'number' && Number.isFinite(p.row))
      parts.push(t(locale, 'pdf.row_ref', { row: p.row }) + (p.column ? ` / ${clip(p.column, 60)}` : ''));
    if (p.quote && p.quote.trim()) {
      const [open, close] = quoteMarks(locale);
      parts.push(`${open}${clip(p.quote.trim().replace(/\s+/g, ' '), LIMITS.quote)}${close}`);
    }
  }
  let status = vocabularyLabel(locale, 'status', field.status);
  if (field.confirmed_by || field.confirmed_at)
    status += ` (${t(locale, 'pdf.by_on', { by: field.confirmed_by ?? '', at: formatDateTime(field.confirmed_at, locale) }).replace(/^, |, $/g, '')})`;
  parts.push(status);
  return parts.join(' · ');
}

function sectionOf(key: string): FieldSection {
  return parseFieldKey(key)?.definition.section ?? 'category';
}

/** Fields grouped by section in catalogue order; within a section the caller's order is kept. */
function sortFields(fields: readonly DossierPdfField[]): DossierPdfField[] {
  const rank = (f: DossierPdfField) => FIELD_SECTIONS.indexOf(sectionOf(f.key));
  return fields
    .map((f, idx) => ({ f, idx }))
    .sort((a, b) => rank(a.f) - rank(b.f) || a.idx - b.idx)
    .map((x) => x.f);
}

/**
 * The product picture under the identification, when product_image_url is confirmed and names an
 * uploaded picture (its PDF variant, a JPEG of at most 800 px); nothing otherwise.
 */
async function drawPicture(w: PdfWriter, doc: PDFDocument, input: DossierPdfInput, label: string) {
  const url = input.fields.find((f) => f.key === 'product_image_url' && f.status === 'confirmed')?.value;
  const bytes = await loadPdfPicture(url);
  if (!bytes) return;
  const image = await doc.embedJpg(bytes);
  const box = { width: w.width - 150, height: 220 };
  const scale = Math.min(box.width / image.width, box.height / image.height, 1);
  const [width, height] = [image.width * scale, image.height * scale];
  w.space(6);
  w.ensure(height + 4);
  w.page.drawText(w.sanitize(label), { x: MARGIN.left, y: w.y - 9, size: 9, font: w.fonts.bold, color: COLORS.muted });
  w.page.drawImage(image, { x: MARGIN.left + 150, y: w.y - height, width, height });
  w.space(height + 6);
}

/** Notices that a law was not checked (lib/requirements/regimes.ts). */
const NOT_CHECKED_CODES = new Set(['REGIME_NOT_CHECKED', 'MARKETS_NOT_CHECKED']);

export async function renderDossierPdf(
  input: DossierPdfInput,
  localeInput: PublicLocale | string = DEFAULT_LOCALE,
): Promise<Uint8Array> {
  const locale: PublicLocale = isPublicLocale(localeInput) ? localeInput : DEFAULT_LOCALE;
  const bytes = await loadDejaVuFonts();
  if (!sanitizerCache || sanitizerCache.bytes !== bytes.regular)
    sanitizerCache = { bytes: bytes.regular, fn: makeSanitizer(bytes.regular) };

  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const fonts = {
    regular: await doc.embedFont(bytes.regular, { subset: true }),
    bold: await doc.embedFont(bytes.bold, { subset: true }),
  };
  const w = new PdfWriter(doc, fonts, sanitizerCache.fn);
  const sku = input.sku;
  const generated = new Date(input.generated_at);
  const generatedAt = Number.isNaN(generated.getTime()) ? new Date(0) : generated;

  const title = t(locale, 'pdf.title');
  doc.setTitle(w.sanitize(`${title}: ${clip(sku.product_name, 200)} (${clip(sku.sku_code, 60)})`));
  doc.setSubject(w.sanitize(clip(sku.sku_code, 60)));
  doc.setAuthor(w.sanitize(clip(input.workspace.name, 200)));
  doc.setLanguage(htmlLang(locale));
  doc.setCreator('Compliance workspace dossier export');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(generatedAt);
  doc.setModificationDate(generatedAt);

  const notSet = t(locale, 'common.not_set');
  const categoryLabel = sku.category_code ? publicCategoryLabel(sku.category_code, locale) : notSet;
  const status = sku.status ? vocabularyLabel(locale, 'state', sku.status) : notSet;
  const openBlockers = input.blockers.filter((b) => !b.waived && b.severity === 'blocker').length;
  const openWarnings = input.blockers.filter((b) => !b.waived && b.severity === 'warning').length;

  // ---- cover ------------------------------------------------------------------------------------
  w.newPage();
  const cover = w.page;
  w.space(70);
  w.text(title, { font: 'bold', size: 13, color: COLORS.accent });
  w.space(8);
  w.text(clip(sku.product_name, 200), { font: 'bold', size: 24, lineGap: 2 });
  w.space(18);
  const coverRows: Array<[string, string]> = [
    [t(locale, 'pdf.sku_code'), clip(sku.sku_code, 200)],
    [t(locale, 'pdf.gtin'), sku.gtin || notSet],
    [t(locale, 'pdf.category'), categoryLabel],
    [t(locale, 'pdf.profile'), sku.profile_id || notSet],
    [t(locale, 'pdf.workspace'), clip(input.workspace.name, 300)],
    [t(locale, 'pdf.generated_at'), formatDateTime(generatedAt, locale)],
    [t(locale, 'pdf.status'), status],
    [t(locale, 'pdf.open_blockers'), String(openBlockers)],
    [t(locale, 'pdf.open_warnings'), String(openWarnings)],
  ];
  for (const [label, value] of coverRows) w.row(label, value, { labelWidth: 150 });
  // What this workspace does not check (a regime no pack covers, the law of a non-EU/EEA market), on the
  // cover whether waived or not: the dossier must not imply a completeness that was not checked.
  const notChecked = input.blockers.filter((b) => NOT_CHECKED_CODES.has(b.code));
  if (notChecked.length) {
    const tl = isLocale(locale) ? locale : 'en';
    w.space(14);
    w.text(blockerTitle('REGIME_NOT_CHECKED', tl), { font: 'bold', size: 11, color: COLORS.warning });
    for (const b of notChecked) {
      const text =
        locale === 'en'
          ? b.message
          : b.code === 'MARKETS_NOT_CHECKED'
            ? `${blockerTitle(b.code, tl)}: ${(b.details?.markets ?? []).map((m) => `${countryName(m, locale)} (${m})`).join(', ')}`
            : (b.details?.acts ?? blockerTitle(b.code, tl));
      w.text(`– ${clip(text, 600)}`, { size: 9 });
    }
  }
  w.space(20);
  const contentsY = w.y;

  const sectionPages: Array<{ title: string; page: number }> = [];
  const section = (name: string) => {
    w.ensure(140);
    sectionPages.push({ title: name, page: doc.getPageCount() });
    w.heading(name, 1);
  };

  // ---- identification ---------------------------------------------------------------------------
  w.newPage();
  section(t(locale, 'section.identification'));
  w.row(t(locale, 'pdf.product_name'), clip(sku.product_name, 500));
  w.row(t(locale, 'pdf.sku_code'), clip(sku.sku_code, 200));
  w.row(t(locale, 'pdf.gtin'), sku.gtin || notSet);
  if (sku.external_sku_id) w.row(t(locale, 'pdf.external_id'), clip(sku.external_sku_id, 300));
  w.row(t(locale, 'pdf.category'), categoryLabel);
  if (sku.created_at) w.row(t(locale, 'pdf.created_at'), formatDateTime(sku.created_at, locale));
  w.row(t(locale, 'pdf.status'), status);
  await drawPicture(w, doc, input, t(locale, 'public.picture'));

  // ---- entities ---------------------------------------------------------------------------------
  w.space(10);
  section(t(locale, 'pdf.entities'));
  if (input.entities.length === 0) w.text(t(locale, 'pdf.no_entities'), { color: COLORS.muted });
  for (const e of input.entities.slice(0, LIMITS.entities)) {
    w.heading(`${vocabularyLabel(locale, 'role', e.role)}: ${clip(e.name, 300)}`, 3);
    if (e.trade_mark) w.row(t(locale, 'pdf.trade_mark'), clip(e.trade_mark, 300));
    const addressLines = (e.address_lines ?? []).map((l) => clip(l, 300)).filter((l) => l.trim());
    if (e.country) addressLines.push(`${countryName(e.country, locale)} (${e.country})`);
    w.row(t(locale, 'pdf.address'), addressLines.length ? addressLines.join('\n') : notSet);
    if (e.email) w.row(t(locale, 'pdf.email'), clip(e.email, 300));
    if (e.url) w.row(t(locale, 'pdf.website'), clip(e.url, 500));
    if (e.phone) w.row(t(locale, 'pdf.phone'), clip(e.phone, 100));
    const established = e.eu_established ?? (e.country ? isEuEstablished(e.country) : null);
    if (established !== null)
      w.row(t(locale, 'pdf.eu_established'), t(locale, established ? 'common.yes' : 'common.no'));
  }

  // ---- dossier fields ---------------------------------------------------------------------------
  w.space(10);
  section(t(locale, 'pdf.dossier_fields'));
  const fields = sortFields(input.fields.slice(0, LIMITS.fields));
  for (const s of FIELD_SECTIONS) {
    const inSection = fields.filter((f) => sectionOf(f.key) === s);
    w.heading(vocabularyLabel(locale, 'section', s), 2);
    if (inSection.length === 0) {
      w.text(t(locale, 'pdf.no_values'), { color: COLORS.muted, size: 9 });
      continue;
    }
    for (const f of inSection) {
      const label = publicFieldLabel(f.key, locale);
      w.row(label, formatValue(f.key, clip(f.value, LIMITS.text), locale), {
        notes: [{ text: provenanceNote(f.provenance, f, locale) }],
      });
    }
  }

  // ---- blockers ---------------------------------------------------------------------------------
  w.space(10);
  section(t(locale, 'pdf.blockers'));
  const blockers = input.blockers.slice(0, LIMITS.blockers);
  const open = blockers.filter((b) => !b.waived);
  const waived = blockers.filter((b) => b.waived);
  w.heading(`${t(locale, 'pdf.blockers_open')} (${open.length})`, 2);
  if (open.length === 0) w.text(t(locale, 'pdf.no_open_blockers'), { color: COLORS.muted, size: 9 });
  const requiredNote = (fieldsRequired: readonly string[] | undefined) =>
    fieldsRequired && fieldsRequired.length
      ? [
          {
            text: `${t(locale, 'pdf.required_fields')}: ${fieldsRequired.map((k) => publicFieldLabel(k, locale)).join(', ')}`,
          },
        ]
      : [];
  // English keeps the rule's full sentence; other locales show the code's title in their words (the
  // messages are written in English), with the languages a translation is missing in. Titles exist in
  // the five contract locales; the other locales show the English title (the code is printed below it).
  const blockerText = (b: DossierPdfBlocker) => {
    if (locale === 'en') return clip(b.message, 2000);
    const langs = b.details?.languages?.map((l) => languageName(l, locale)) ?? [];
    return `${blockerTitle(b.code, isLocale(locale) ? locale : 'en')}${langs.length ? `: ${langs.join(' / ')}` : ''}`;
  };
  for (const b of open) {
    w.row(vocabularyLabel(locale, 'severity', b.severity), blockerText(b), {
      valueStyle: { color: b.severity === 'blocker' ? COLORS.blocker : COLORS.warning },
      notes: [{ text: b.code }, ...requiredNote(b.required_fields)],
    });
  }
  w.heading(`${t(locale, 'pdf.blockers_waived')} (${waived.length})`, 2);
  if (waived.length === 0) w.text(t(locale, 'pdf.no_waived_blockers'), { color: COLORS.muted, size: 9 });
  for (const b of waived) {
    const wv = b.waived!;
    w.row(vocabularyLabel(locale, 'severity', b.severity), blockerText(b), {
      notes: [
        { text: b.code },
        {
          text: t(locale, 'pdf.waived_by', {
            by: clip(wv.by, 200),
            at: formatDateTime(wv.at, locale),
            reason: clip(wv.reason, 2000),
          }),
          color: COLORS.waived,
        },
        ...requiredNote(b.required_fields),
      ],
    });
  }

  // ---- documents --------------------------------------------------------------------------------
  w.space(10);
  section(t(locale, 'pdf.documents'));
  if (input.documents.length === 0) w.text(t(locale, 'pdf.no_documents'), { color: COLORS.muted });
  input.documents.slice(0, LIMITS.documents).forEach((d, i) => {
    w.ensure(48);
    w.text(`${i + 1}. ${clip(d.name, 500)}`, { font: 'bold', size: 10 });
    const meta = [
      `${t(locale, 'pdf.doc_type')}: ${vocabularyLabel(locale, 'doctype', String(d.type))}`,
      `${t(locale, 'pdf.doc_valid_until')}: ${d.valid_until ? formatDate(d.valid_until, locale) : '—'}`,
      `${t(locale, 'pdf.doc_size')}: ${formatBytes(d.size_bytes, locale)}`,
    ].join(' · ');
    w.text(meta, { size: 8.5, color: COLORS.muted }, 14, w.width - 14);
    w.text(
      `${t(locale, 'pdf.doc_sha256')}: ${clip(d.sha256, 128)}`,
      { size: 7.5, color: COLORS.muted },
      14,
      w.width - 14,
    );
    w.space(4);
  });

  // ---- audit ------------------------------------------------------------------------------------
  w.space(10);
  section(t(locale, 'pdf.audit'));
  const audit = input.audit ?? {};
  w.text(
    audit.approved
      ? t(locale, 'pdf.approved_by', {
          by: clip(audit.approved.by, 200),
          at: formatDateTime(audit.approved.at, locale),
        })
      : t(locale, 'pdf.not_approved'),
    { font: 'bold' },
  );
  w.heading(t(locale, 'pdf.reviews'), 2);
  const reviews = (audit.reviews ?? []).slice(0, LIMITS.reviews);
  if (reviews.length === 0) w.text(t(locale, 'pdf.no_reviews'), { color: COLORS.muted, size: 9 });
  for (const r of reviews) {
    w.row(
      formatDateTime(r.at, locale),
      [
        clip(r.by, 200),
        // The review's stored outcome is "complete"; its words are those of the state "review complete".
        r.outcome ? vocabularyLabel(locale, 'state', r.outcome === 'complete' ? 'review_complete' : r.outcome) : null,
        r.note ? clip(r.note, 1000) : null,
      ]
        .filter(Boolean)
        .join(' · '),
    );
  }
  w.heading(t(locale, 'pdf.publications'), 2);
  const pubs = (audit.publications ?? []).slice(0, LIMITS.publications);
  if (pubs.length === 0) w.text(t(locale, 'pdf.no_publications'), { color: COLORS.muted, size: 9 });
  for (const p of pubs) {
    w.row(
      t(locale, 'pdf.revision', { revision: p.revision }),
      [formatDateTime(p.at, locale), p.by ? clip(p.by, 200) : null, p.url ? clip(p.url, 500) : null]
        .filter(Boolean)
        .join(' · '),
    );
  }

  // ---- contents on the cover, page numbers everywhere --------------------------------------------
  const pageCount = doc.getPageCount();
  w.page = cover;
  w.y = contentsY;
  w.text(t(locale, 'pdf.contents'), { font: 'bold', size: 12, color: COLORS.accent });
  w.space(4);
  for (const s of sectionPages) {
    const pageLabel = String(s.page);
    const size = 10;
    const pw = fonts.regular.widthOfTextAtSize(pageLabel, size);
    w.drawLine(w.wrap(s.title, w.width - 40, { size })[0] ?? '', 0, { size });
    w.drawLine(pageLabel, w.width - pw, { size });
    w.y -= w.lineHeight({ size }) + 2;
  }
  const running = `${clip(sku.sku_code, 60)} · ${clip(sku.product_name, 120)}`;
  w.footer((page) => ({ left: running, right: t(locale, 'pdf.page_of', { page, pages: pageCount }) }));

  return doc.save({ useObjectStreams: true });
}
