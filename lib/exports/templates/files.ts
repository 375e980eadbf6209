/** File-bundle templates: the technical-file ZIP (each SKU's dossier.zip) and the PDF compliance summary. */
import fs from 'node:fs';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PDFDocument } from 'pdf-lib';
import yazl from 'yazl';
import { fontkit, loadDejaVuFonts, makeSanitizer } from '@/lib/publish/pdf/fonts';
import { COLORS, PdfWriter } from '@/lib/publish/pdf/layout';
import { addressLine, type ExportItem } from '../catalogue-data';
import { streamDossierZip } from '../dossier-zip';
import { marketLanguages, runChecks, targetMarkets } from './checks';
import { CORE_CHECKS, euOperator, manufacturer, needsEuOperator, warningText } from './shared';
import type { ExportTemplateDefinition } from './types';

const entryStem = (i: ExportItem) => i.sku.sku_code.replace(/[^A-Za-z0-9_-]/g, '_');

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
      let n = 0;
      const failures: Error[] = [];
      for await (const chunk of ctx.items()) {
        for (const i of chunk) {
          // Each nested archive is built when yazl reaches it: one SKU's files open at a time.
          zip.addReadStreamLazy(`${entryStem(i)}/dossier.zip`, { mtime: ctx.generatedAt, compress: false }, (cb) => {
            streamDossierZip(ctx.db, {
              workspaceId: ctx.workspaceId,
              actor: ctx.actor,
              id: i.sku.id,
              store: ctx.store,
            }).then(
              (z) => cb(null, Readable.fromWeb(z.stream as import('node:stream/web').ReadableStream<Uint8Array>)),
              (err: Error) => {
                failures.push(err);
                cb(err, new PassThrough());
              },
            );
          });
          n++;
        }
        await ctx.progress(n);
      }
      zip.end();
      await done;
      if (failures.length) throw failures[0];
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
