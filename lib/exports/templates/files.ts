/** File-bundle templates: the technical-file ZIP (each SKU's dossier.zip) and the PDF compliance summary. */
import fs from 'node:fs';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PDFDocument } from 'pdf-lib';
import yazl from 'yazl';
import { fontkit, loadDejaVuFonts, makeSanitizer } from '@/lib/publish/pdf/fonts';
import { COLORS, PdfWriter } from '@/lib/publish/pdf/layout';
import { addressLine, type ExportItem } from '../catalogue-data';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import { assembleDossierZip, dossierPdfFor } from '../dossier-zip';
import { dossierRevisions, type DossierRevision } from '../dossier-pdf-store';
import type { RenderContext } from './types';
import { marketLanguages, runChecks, targetMarkets } from './checks';
import { CORE_CHECKS, euOperator, manufacturer, needsEuOperator, warningText } from './shared';
import type { ExportTemplateDefinition } from './types';

/** SKUs between two progress reports of the technical file. */
const PROGRESS_EVERY = 25;
/** SKUs whose nested dossier.zip is built ahead of the one being written. */
const PREFETCH = 16;
/**
 * A SKU whose documents add up to at most this many bytes is built ahead into memory; a larger one is
 * streamed when its turn comes, so the window holds at most PREFETCH × this (plus the PDFs).
 */
const PREFETCH_BUFFER_MAX = 4 * 1024 * 1024;

const entryStem = (i: ExportItem) => i.sku.sku_code.replace(/[^A-Za-z0-9_-]/g, '_');

/**
 * One SKU's dossier.zip inside the technical file: the kept PDF of its approved revision (rendered and
 * kept on first use) and the documents accepted as its evidence, in attachment order like dossier.zip.
 * The run's own audit entries stand for the whole file (no entry per SKU).
 */
async function nestedDossierZip(ctx: RenderContext, i: ExportItem, revision: DossierRevision | null) {
  const pdf = await dossierPdfFor(ctx.db, {
    store: ctx.store,
    args: {
      workspaceId: ctx.workspaceId,
      skuId: i.sku.id,
      locale: DEFAULT_LOCALE,
      revision,
    },
  });
  const zip = await assembleDossierZip({
    pdf,
    documents: i.documents.map((d) => ({
      filename: d.filename,
      mimeType: d.mime_type,
      storageKey: d.storage_key,
      sizeBytes: d.size_bytes,
    })),
    store: ctx.store,
    mtime: ctx.generatedAt,
  });
  return zip.output;
}

export const FILE_TEMPLATES: ExportTemplateDefinition[] = [
  {
    id: '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b1001',
    channel: 'technical_file_zip',
    name: 'Technical files (ZIP of dossier.zip per SKU)',
    format: 'ZIP',
    version: '1.0',
    description:
      "For an authority or a customer: each SKU's dossier.zip (dossier.pdf with provenance, blockers and waivers, and every attached document), one per SKU, streamed.",
    extension: 'zip',
    contentType: 'application/zip',
    mapping: {
      fields: [],
      document_types: [],
      entity_roles: ['manufacturer', 'importer', 'responsible_person', 'authorised_representative'],
    },
    checks: [
      {
        kind: 'required',
        field: 'documents',
        label: 'Technical documentation (at least one linked document)',
        get: (i) => i.documents,
        fix: 'Attach the risk assessment, test reports or declaration on the Documents tab.',
      },
    ],
    async render(ctx) {
      const zip = new yazl.ZipFile();
      const done = pipeline(zip.outputStream as unknown as Readable, fs.createWriteStream(ctx.outPath));
      // yazl pulls entries only as the file is written: a batch is added, then awaited until its last
      // nested archive is written, so one batch's items are held at a time and progress counts SKUs
      // actually in the file.
      let failure: Error | null = null;
      zip.on('error', (e: Error) => (failure ??= e));
      let n = 0;
      for await (const chunk of ctx.items()) {
        const revisions = await dossierRevisions(ctx.db, {
          workspaceId: ctx.workspaceId,
          skuIds: chunk.map((i) => i.sku.id),
          locale: DEFAULT_LOCALE,
        });
        // The archives of the next PREFETCH SKUs are built while yazl writes the current one (each build
        // waits on storage: a kept PDF, the documents), so those waits overlap instead of adding up.
        const built: Array<Promise<Readable | Buffer> | undefined> = new Array(chunk.length);
        const start = (k: number) => {
          if (k >= chunk.length || built[k]) return;
          const i = chunk[k];
          const small = i.documents.reduce((sum, d) => sum + d.size_bytes, 0) <= PREFETCH_BUFFER_MAX;
          const p = nestedDossierZip(ctx, i, revisions.get(i.sku.id) ?? null).then<Readable | Buffer>((out) =>
            small ? out.toArray().then((parts) => Buffer.concat(parts as Buffer[])) : out,
          );
          p.catch(() => undefined); // awaited when yazl reaches the entry (or never, after a failure)
          built[k] = p;
        };
        for (let k = 0; k < PREFETCH; k++) start(k);
        const written: Array<Promise<void>> = [];
        chunk.forEach((i, k) => {
          let settle!: () => void;
          written.push(new Promise<void>((r) => (settle = r)));
          zip.addReadStreamLazy(`${entryStem(i)}/dossier.zip`, { mtime: ctx.generatedAt, compress: false }, (cb) => {
            for (let j = k + 1; j <= k + PREFETCH; j++) start(j);
            start(k);
            const p = built[k]!;
            built[k] = undefined; // held by yazl from here on, not by the window
            p.then(
              (out) => {
                const stream = Buffer.isBuffer(out) ? Readable.from([out]) : out;
                stream.once('end', settle);
                stream.once('error', settle);
                cb(null, stream);
              },
              (err: Error) => {
                failure ??= err;
                settle();
                cb(err, new PassThrough());
              },
            );
          });
        });
        for (let k = 0; k < written.length && !failure; k += PROGRESS_EVERY) {
          const part = written.slice(k, k + PROGRESS_EVERY);
          await Promise.race([Promise.all(part), done]);
          if (!failure) await ctx.progress(n + k + part.length);
        }
        if (failure) break;
        n += chunk.length;
      }
      zip.end();
      await done;
      if (failure) throw failure;
    },
  },
  {
    id: '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b1101',
    channel: 'compliance_summary_pdf',
    name: 'Compliance summary (PDF)',
    format: 'PDF',
    version: '1.0',
    description:
      'One page section per SKU: identification, manufacturer and EU operator, target markets, safety-information languages present and missing, documents, and the open GPSR points.',
    extension: 'pdf',
    contentType: 'application/pdf',
    mapping: {
      fields: ['gtin', 'brand', 'model_number', 'target_markets', 'safety_warnings'],
      document_types: [],
      entity_roles: ['manufacturer', 'responsible_person', 'importer'],
    },
    checks: CORE_CHECKS,
    async render(ctx) {
      const bytes = await loadDejaVuFonts();
      const doc = await PDFDocument.create();
      doc.registerFontkit(fontkit);
      const fonts = {
        regular: await doc.embedFont(bytes.regular, { subset: true }),
        bold: await doc.embedFont(bytes.bold, { subset: true }),
      };
      const w = new PdfWriter(doc, fonts, makeSanitizer(bytes.regular));
      doc.setTitle(w.sanitize(`Compliance summary: ${ctx.workspaceName}`));
      doc.setCreator('Compliance workspace export');
      doc.setProducer('pdf-lib');
      doc.setCreationDate(ctx.generatedAt);
      doc.setModificationDate(ctx.generatedAt);
      w.newPage();
      w.text('Compliance summary', { font: 'bold', size: 20 });
      w.text(
        `${ctx.workspaceName} · ${ctx.skuCount} SKU(s) · generated ${ctx.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        { color: COLORS.muted },
      );
      w.space(12);
      let n = 0;
      for await (const chunk of ctx.items()) {
        for (const i of chunk) {
          const m = manufacturer(i);
          const op = needsEuOperator(i) ? euOperator(i) : null;
          const langs = marketLanguages(i);
          const missing = langs.filter((l) => !warningText(i, l));
          const open = runChecks(CORE_CHECKS, i);
          w.ensure(120);
          w.text(`${i.sku.sku_code} · ${i.sku.product_name}`, { font: 'bold', size: 12, color: COLORS.accent });
          const rows: Array<[string, string]> = [
            ['GTIN', i.fields.gtin ?? i.sku.gtin ?? '—'],
            [
              'Manufacturer',
              m
                ? `${m.name}, ${addressLine(m) || '—'} ${m.country ?? ''} ${m.email ?? m.contact_url ?? ''}`.trim()
                : '—',
            ],
            [
              'EU operator',
              op
                ? `${op.name}, ${addressLine(op) || '—'} ${op.country ?? ''}`.trim()
                : needsEuOperator(i)
                  ? 'missing'
                  : 'not needed (EU manufacturer)',
            ],
            ['Target markets', targetMarkets(i).join(', ') || '—'],
            [
              'Safety information',
              langs.length
                ? `${langs.filter((l) => !missing.includes(l)).join(', ') || 'none'}${missing.length ? ` (missing: ${missing.join(', ')})` : ''}`
                : '—',
            ],
            ['Documents', i.documents.map((d) => `${d.document_type}: ${d.filename}`).join('; ') || '—'],
          ];
          for (const [label, value] of rows) w.text(`${label}: ${value}`, { size: 9 });
          for (const o of open) w.text(`• ${o.message} ${o.fix}`, { size: 9, color: COLORS.warning });
          w.space(10);
          n++;
        }
        await ctx.progress(n);
      }
      await fs.promises.writeFile(ctx.outPath, await doc.save());
    },
  },
];
