/**
 * dossier.zip: the technical file of one SKU for an authority or a customer. dossier.pdf (cover,
 * identification, entities with addresses, dossier fields with provenance, blockers and waivers,
 * document index, audit summary) and every attached document that is evidence about this SKU, streamed
 * with yazl: files are read from the blob store one at a time as the archive is written, never collected
 * in memory.
 */
import path from 'node:path';
import { recordAudit } from '@/lib/audit';
import { PassThrough, Readable } from 'node:stream';
import yazl from 'yazl';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import { isPublicLocale, type PublicLocale } from '@/lib/i18n/public-locales';
import { renderDossierPdf, type DossierPdfInput, type DossierPdfProvenance } from '@/lib/publish/pdf';
import { getBlobStore, type BlobStore } from '@/lib/storage';
import { dossierRevisions, keepDossierPdf, readKeptPdf, type DossierRevision } from './dossier-pdf-store';
import { entityAddressLines, loadSkuReadModel, type SkuReadModel } from '@/lib/skus/read-model';

/**
 * The documents a technical file shows as this SKU's evidence: those whose link the evidence rule
 * (lib/evidence/status.ts) answered accepted. A proposed, rejected or about-another-product
 * document is no evidence about this product, so an authority must not find it in the dossier.
 */
export function dossierEvidence(model: Pick<SkuReadModel, 'documents'>): SkuReadModel['documents'] {
  return model.documents.filter((d) => d.evidence_status === 'accepted');
}

/** The PDF's input, assembled from the read model (confirmed values and accepted evidence only). */
export function dossierPdfInput(model: SkuReadModel): DossierPdfInput {
  const evidence = dossierEvidence(model);
  const docNames = new Map(model.documents.map((d) => [d.row.id, d.row.filename]));
  return {
    workspace: { name: model.workspace.name },
    sku: {
      sku_code: model.row.skuCode,
      product_name: model.row.productName,
      gtin: model.row.gtin,
      category_code: model.row.categoryCode,
      external_sku_id: model.row.externalSkuId,
      created_at: model.row.createdAt.toISOString(),
      status: model.status,
      review_state: model.row.reviewState,
      approval_state: model.row.approvalState,
      profile_id: model.evaluation.profile_id,
    },
    entities: model.entities.map((e) => ({
      role: e.role,
      name: e.row.name,
      trade_mark: e.row.tradeMark,
      address_lines: entityAddressLines(e.row),
      country: e.row.country,
      email: e.row.email,
      url: e.row.contactUrl,
      phone: e.row.phone,
    })),
    fields: model.fields.map((f) => {
      const p = f.provenance as Record<string, unknown>;
      const docId = str(p.document_id);
      const provenance: DossierPdfProvenance = {
        source: f.source as DossierPdfProvenance['source'],
        document_id: docId,
        document_name: str(p.document_name) ?? (docId ? (docNames.get(docId) ?? null) : null),
        page: num(p.page),
        quote: str(p.quote),
        batch_id: str(p.batch_id),
        row: num(p.row),
        column: str(p.column),
        job_id: str(p.job_id),
        entity_id: str(p.entity_id),
      };
      return {
        key: f.field_key,
        value: f.value,
        status: 'confirmed' as const,
        provenance,
        confirmed_by: f.confirmed_by,
        confirmed_at: f.confirmed_at,
      };
    }),
    blockers: model.blockers.map((b) => ({
      code: b.code,
      severity: b.severity,
      message: b.message,
      required_fields: b.required_fields ?? [],
      waived: b.waived ?? null,
      details: (b as { details?: { languages?: string[]; acts?: string; markets?: string[] } }).details ?? null,
    })),
    documents: evidence.map((d) => ({
      name: d.row.filename,
      type: d.row.documentType,
      sha256: d.row.sha256,
      size_bytes: d.row.sizeBytes,
      valid_until: d.row.validUntil,
    })),
    audit: {
      approved: model.row.approvedAt
        ? { by: model.row.approvedByLabel ?? '', at: model.row.approvedAt.toISOString() }
        : null,
      reviews: model.row.reviewCompletedAt
        ? [
            {
              by: model.row.reviewCompletedBy ?? '',
              at: model.row.reviewCompletedAt.toISOString(),
              outcome: 'complete',
            },
          ]
        : [],
      publications: model.revisions.map((r) => ({
        revision: r.revision,
        at: r.published_at,
        by: r.published_by,
        url: r.public_url,
      })),
    },
    generated_at: model.generated_at,
  };
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

/**
 * A file name that is safe in any unzip tool: no directories, no control or reserved characters, no
 * leading dots, bounded length, an extension from the name or the MIME type.
 */
export function safeEntryName(filename: string, mimeType: string): string {
  const base = (filename.split(/[\\/]/).pop() ?? '').normalize('NFC');
  let ext = path
    .extname(base)
    .toLowerCase()
    .replace(/[^a-z0-9.]/g, '');
  if (!ext || ext.length > 8) ext = MIME_EXT[mimeType] ?? '.bin';
  let stem = base.slice(0, base.length - path.extname(base).length);
  stem = stem
    .replace(/[\u0000-\u001f\u007f<>:"|?*\\/]/g, '_')
    .replace(/[^\p{L}\p{M}\p{N}\p{Pd} ._()+,&'#[\]-]/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/_+/g, '_')
    .replace(/^[.\s_-]+|[.\s]+$/g, '')
    .slice(0, 80)
    .trim();
  if (!stem || WINDOWS_RESERVED.test(stem)) stem = `document${stem ? `_${stem}` : ''}`;
  return `${stem}${ext}`;
}

const MIME_EXT: Record<string, string> = {
  'application/pdf': '.pdf',
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'text/plain': '.txt',
  'text/html': '.html',
  'message/rfc822': '.eml',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': '.xlsx',
  'application/xml': '.xml',
};

/** documents/01-<name>.pdf ...: numbered in attachment order, so names are unique and stable. */
export function documentEntryNames(docs: ReadonlyArray<{ filename: string; mimeType: string }>): string[] {
  const width = Math.max(2, String(docs.length).length);
  const used = new Set<string>();
  return docs.map((d, i) => {
    let name = `documents/${String(i + 1).padStart(width, '0')}-${safeEntryName(d.filename, d.mimeType)}`;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = name.replace(/(\.[^.]*)?$/, `-${n}$1`);
    used.add(name.toLowerCase());
    return name;
  });
}

export interface DossierZip {
  filename: string;
  stream: ReadableStream<Uint8Array>;
  entries: string[];
  missing: string[];
}

/** A document to bundle: the fields the archive needs, whichever read gave them. */
export interface BundledDocument {
  filename: string;
  mimeType: string;
  storageKey: string;
  sizeBytes: number;
}

/**
 * The SKU's dossier.pdf in the locale: the kept PDF of its approved revision when there is one,
 * otherwise rendered from the read model (and kept when the SKU is approved). `model` is loaded only
 * when a rendering is needed.
 */
export async function dossierPdfFor(
  db: Db,
  {
    store,
    args,
  }: {
    store: BlobStore;
    args: {
      workspaceId: string;
      skuId: string;
      locale: PublicLocale;
      revision?: DossierRevision | null;
      model?: () => Promise<SkuReadModel>;
    };
  },
): Promise<Uint8Array> {
  const revision =
    args.revision === undefined
      ? ((await dossierRevisions(db, { workspaceId: args.workspaceId, skuIds: [args.skuId], locale: args.locale })).get(
          args.skuId,
        ) ?? null)
      : args.revision;
  const kept = await readKeptPdf(store, revision?.kept ?? null);
  if (kept) return kept;
  const model = await (
    args.model ?? (() => loadSkuReadModel(db, { workspaceId: args.workspaceId, skuId: args.skuId }))
  )();
  const pdf = await renderDossierPdf(dossierPdfInput(model), args.locale);
  if (revision?.revisionKey)
    await keepDossierPdf(db, {
      store,
      args: {
        workspaceId: args.workspaceId,
        skuId: args.skuId,
        locale: args.locale,
        revisionKey: revision.revisionKey,
        pdf,
      },
    });
  return pdf;
}

/**
 * The archive of a rendered PDF and the evidence documents, as a Node stream. Everything that awaits
 * happens first; the archive is then assembled in one synchronous step, so its stream has a consumer
 * before yazl reads the first byte. Documents whose bytes are gone from storage are listed in
 * missing-documents.txt instead.
 */
export async function assembleDossierZip(args: {
  pdf: Uint8Array;
  documents: readonly BundledDocument[];
  store: BlobStore;
  mtime: Date;
  /** Awaited after the storage checks and before the archive starts (the route's audit entry). */
  before?: (info: { included: number; missing: number }) => Promise<void>;
}): Promise<{ output: Readable; entries: string[]; missing: string[] }> {
  const { store, mtime } = args;
  const names = documentEntryNames(args.documents);
  const present = await Promise.all(args.documents.map((d) => store.exists(d.storageKey).catch(() => false)));
  const included = args.documents.map((d, i) => ({ d, name: names[i] })).filter((_, i) => present[i]);
  const missing = args.documents.filter((_, i) => !present[i]).map((d) => d.filename);
  const entries = ['dossier.pdf', ...included.map((x) => x.name), ...(missing.length ? ['missing-documents.txt'] : [])];
  await args.before?.({ included: included.length, missing: missing.length });

  const zip = new yazl.ZipFile();
  const output = zip.outputStream as unknown as Readable;
  // A file that cannot be read mid-archive ends the download with an error instead of crashing the process.
  zip.on('error', (err: Error) => output.destroy(err));
  zip.addBuffer(Buffer.from(args.pdf.buffer, args.pdf.byteOffset, args.pdf.byteLength), 'dossier.pdf', { mtime });
  for (const { d, name } of included) {
    const key = d.storageKey;
    // Opened only when yazl reaches the entry: one file handle at a time, whatever the count.
    zip.addReadStreamLazy(
      name,
      { mtime, size: d.sizeBytes, compress: !/^(image\/|application\/(zip|pdf))/.test(d.mimeType) },
      (cb) => {
        store.getStream(key).then(
          (web) => cb(null, Readable.fromWeb(web as import('node:stream/web').ReadableStream<Uint8Array>)),
          (err) => cb(err, new PassThrough()),
        );
      },
    );
  }
  if (missing.length) {
    zip.addBuffer(
      Buffer.from(
        `These attached documents were not found in storage:\r\n${missing.map((m) => `- ${m}`).join('\r\n')}\r\n`,
        'utf8',
      ),
      'missing-documents.txt',
      { mtime },
    );
  }
  zip.end();
  return { output, entries, missing };
}

/**
 * Builds the archive as a stream. The PDF is rendered (or read from the kept ones) first, so a
 * rendering failure is an error response, not a truncated download.
 */
export async function streamDossierZip(
  db: Db,
  args: { workspaceId: string; actor: Actor; id: string; locale?: string | null; store?: BlobStore },
): Promise<DossierZip> {
  const locale: PublicLocale = isPublicLocale(args.locale) ? args.locale : DEFAULT_LOCALE;
  const model = await loadSkuReadModel(db, { workspaceId: args.workspaceId, skuId: args.id });
  const store = args.store ?? getBlobStore();
  const pdf = await dossierPdfFor(db, {
    store,
    args: {
      workspaceId: args.workspaceId,
      skuId: args.id,
      locale,
      model: async () => model,
    },
  });
  const zip = await assembleDossierZip({
    pdf,
    documents: dossierEvidence(model).map((d) => ({
      filename: d.row.filename,
      mimeType: d.row.mimeType,
      storageKey: d.row.storageKey,
      sizeBytes: d.row.sizeBytes,
    })),
    store,
    mtime: new Date(model.generated_at),
    before: (info) =>
      recordAudit(db, {
        workspaceId: args.workspaceId,
        actor: args.actor,
        action: 'sku.dossier_downloaded',
        targetType: 'sku',
        targetId: args.id,
        data: { locale, documents: info.included, missing: info.missing },
      }),
  });

  return {
    filename: `dossier-${model.row.skuCode.replace(/[^A-Za-z0-9_-]/g, '_')}-${locale}.zip`,
    stream: Readable.toWeb(zip.output) as unknown as ReadableStream<Uint8Array>,
    entries: zip.entries,
    missing: zip.missing,
  };
}
