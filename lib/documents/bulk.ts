import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Actor, WorkspaceRef } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import type { LinkOrigin } from '@/lib/db/schema';
import type { Locale } from '@/lib/classify/schemas';
import { listContainerFiles } from '@/lib/containers';
import { sanitiseEntryName } from '@/lib/extract/zip-entry-names';
import { AppError } from '@/lib/errors';
import type { UploadedFile } from '@/lib/http/multipart';
import { getSkuRow, afterDossierChange } from '@/lib/skus/service';
import { extractionOfReading } from '@/lib/classify/cache';
import { findReading } from './readings';
import { classifyRules, TEXT_WINDOW } from '@/lib/classify/rules';
import type { ClassificationResult } from '@/lib/classify/schemas';
import { analyseFile, isContainerUpload, isUnsupportedFormat, textCacheOf, type AnalysedFile } from './analyse';
import { queueExtractions, requeueStuckExtractions } from './jobs';
import { MAX_BULK_CONTAINER_PARTS, MAX_FILE_BYTES } from './limits';
import type { BulkResultItem, BulkUploadFields } from './schemas';
import { storeDocuments, type BatchOutcome, type StoreDocumentInput } from './store';
import { resetReason } from '@/lib/skus/reset-reasons';

/**
 * POST /api/documents/bulk, domain part. Each file (or each part of an uploaded .zip / .eml / .msg)
 * becomes a document: classified by the rules unless the caller gave a type, stored once per
 * workspace, linked to the SKU when one is given. Problems with one file are results, never a failed
 * batch. New documents are queued for extraction; the SKU is re-evaluated once at the end.
 */

export interface BulkUploadArgs {
  workspace: WorkspaceRef;
  actor: Actor;
  files: UploadedFile[];
  fields: BulkUploadFields;
  locale?: Locale;
  /** Who links the files to fields.sku_id: a person by default; a supplier's files wait for a person. */
  linkOrigin?: LinkOrigin;
}

export interface BulkUploadResponse {
  results: BulkResultItem[];
  summary: { uploaded: number; duplicate: number; error: number; skipped_quota: number };
}

interface Candidate {
  /** Shown in the result: the upload's name, or "bundle.zip › path/in/zip.pdf" for a part. */
  label: string;
  /** Stored as the document's name. */
  filename: string;
  bytes: Uint8Array;
  source: Uint8Array | { filePath: string };
  sha256: string;
  declaredMime?: string;
  via: string;
  note?: string;
}

const sha256Of = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');
const partLabel = (upload: string, path: string) => `${upload} › ${path}`;
const error = (filename: string, error_code: string, message: string): BulkResultItem => ({
  filename,
  status: 'error',
  error_code,
  message,
});

interface Pending {
  slot: number;
  label: string;
  note: string;
  input: StoreDocumentInput;
}

/** Files written per transaction. */
const STORE_BATCH = 100;

class BulkRun {
  /** In upload order; a slot is null until its batch is written. */
  readonly results: (BulkResultItem | null)[] = [];
  private readonly pending: Pending[] = [];
  readonly newDocumentIds: string[] = [];
  readonly relinkedDocumentIds: string[] = [];
  readonly duplicateDocumentIds: string[] = [];
  partsLeft = MAX_BULK_CONTAINER_PARTS;

  constructor(
    private readonly db: Db,
    private readonly args: BulkUploadArgs,
  ) {}

  async file(f: UploadedFile) {
    if (f.tooLarge)
      return this.results.push(
        error(f.filename, 'FILE_TOO_LARGE', `The file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB.`),
      );
    if (f.size === 0 || !f.path)
      return this.results.push(error(f.filename, 'EMPTY_FILE', 'The file is empty (0 bytes).'));
    const bytes = new Uint8Array(await fs.promises.readFile(f.path));
    if (isContainerUpload(bytes, f.filename)) return this.container(f, bytes);
    await this.store({
      label: f.filename,
      filename: f.filename,
      bytes,
      source: { filePath: f.path },
      sha256: f.sha256,
      declaredMime: f.mimeType,
      via: 'bulk',
    });
  }

  private async container(f: UploadedFile, bytes: Uint8Array) {
    if (this.partsLeft <= 0) {
      return this.results.push(
        error(
          f.filename,
          'parse_failed',
          `Not opened: this upload already unpacked ${MAX_BULK_CONTAINER_PARTS} files; upload the rest separately.`,
        ),
      );
    }
    const listing = await listContainerFiles({ bytes, filename: f.filename, limits: { maxItems: this.partsLeft } });
    this.partsLeft -= listing.files.length + listing.skipped.length;
    const root = sanitiseEntryName(f.filename, 'upload').display;
    const atRoot = (s: { path: string; recursionDepth: number }) => s.recursionDepth === 0 && s.path === root;
    const whole = (note: string) =>
      this.store({
        label: f.filename,
        filename: f.filename,
        bytes,
        source: { filePath: f.path! },
        sha256: f.sha256,
        declaredMime: f.mimeType,
        via: 'bulk',
        note,
      });

    // An e-mail without attachments is the evidence itself; so is an Outlook .msg, which is not unpacked.
    if (!listing.files.length && !listing.skipped.length)
      return whole('Stored as one document: it holds no attachments.');
    if (
      !listing.files.length &&
      listing.skipped.length === 1 &&
      listing.skipped[0].reason === 'non_parseable_msg' &&
      atRoot(listing.skipped[0])
    ) {
      return whole(`Stored as one document; its attachments were not unpacked (${listing.skipped[0].message})`);
    }
    for (const part of listing.files) {
      const label = partLabel(f.filename, part.path);
      if (part.bytes.length === 0) {
        this.results.push(error(label, 'EMPTY_FILE', 'The file is empty (0 bytes).'));
        continue;
      }
      await this.store({
        label,
        filename: part.filename,
        bytes: part.bytes,
        source: part.bytes,
        sha256: sha256Of(part.bytes),
        via: label,
      });
    }
    for (const s of listing.skipped)
      this.results.push(error(atRoot(s) ? f.filename : partLabel(f.filename, s.path), s.reason, s.message));
  }

  /** Analyses a file and queues it for the next batch write; its result slot keeps the order. */
  private async store(c: Candidate) {
    const { fields, workspace, actor, locale } = this.args;
    // The same bytes were read (OCR'd) before in this workspace: their text and type come back at once.
    const reading = await findReading(this.db, { workspaceId: workspace.id, sha256: c.sha256 });
    const analysed = reading
      ? analysedFromReading(reading, c.filename, locale)
      : await analyseFile({ bytes: c.bytes, filename: c.filename, mimeType: c.declaredMime, locale });
    if (isUnsupportedFormat(analysed.format)) {
      this.results.push(
        error(c.label, 'UNSUPPORTED_FILE_TYPE', analysed.extraction.issue?.message ?? 'Unsupported file type.'),
      );
      return;
    }
    const given = fields.document_type;
    // A scan is read by OCR in the background: say so, and keep its type open until then.
    const ocrPending = needsOcr(analysed);
    const cls = ocrPending ? pendingOcrClassification(analysed.classification, locale) : analysed.classification;
    const unread = ocrPending
      ? OCR_PENDING_NOTE
      : analysed.extraction.status !== 'ok'
        ? `Stored without readable text: ${analysed.extraction.issue?.message ?? 'no text'}`
        : undefined;
    this.pending.push({
      slot: this.results.push(null) - 1,
      label: c.label,
      note: [c.note, unread].filter(Boolean).join(' '),
      input: {
        workspaceId: workspace.id,
        plan: workspace.plan,
        actor,
        sha256: c.sha256,
        sizeBytes: c.bytes.length,
        source: c.source,
        filename: c.filename,
        mimeType: analysed.mimeType,
        documentType: given ?? (ocrPending ? 'other' : (cls.document_type ?? 'other')),
        // Pending OCR: no confidence yet (the list shows the type as pending, not as a 0 % guess).
        classificationConfidence: given
          ? (fields.classification_confidence ?? null)
          : ocrPending
            ? null
            : cls.document_type_confidence,
        classificationSource: given ? (fields.classification_source ?? 'rule') : 'rule',
        artifactKind: fields.artifact_kind ?? (!given && cls.file_intent === 'product_csv' ? 'product_data' : null),
        // A type the caller chose is the classification that counts; the rules' opinion is not kept.
        classification: given ? null : cls,
        detectedLanguage: cls.detected_language,
        snippet: cls.content_snippet ?? null,
        snippetSource: cls.snippetSource,
        textCache: analysed.textCache,
        skuId: fields.sku_id ?? null,
        linkOrigin: this.args.linkOrigin,
        status: 'processing',
        via: c.via,
      },
    });
    if (this.pending.length >= STORE_BATCH) await this.flush();
  }

  /** Writes the queued files (one transaction per batch) and fills their result slots. */
  async flush() {
    const batch = this.pending.splice(0);
    if (!batch.length) return;
    const outcomes = await storeDocuments(this.db, { inputs: batch.map((p) => p.input) });
    batch.forEach((p, k) => {
      this.results[p.slot] = this.resultOf(p, outcomes[k]);
    });
  }

  private resultOf(p: Pending, outcome: BatchOutcome): BulkResultItem {
    if (outcome.status === 'failed') return error(p.label, 'STORAGE_FAILED', outcome.error.message);
    if (outcome.status === 'skipped_quota') {
      return {
        filename: p.label,
        status: 'skipped_quota',
        message: `Not stored: ${p.input.sizeBytes} more bytes would exceed the plan's storage (${outcome.usedBytes} of ${outcome.limitBytes} bytes used).`,
      };
    }
    if (outcome.status === 'duplicate') {
      if (outcome.linked) this.relinkedDocumentIds.push(outcome.document.id);
      else this.duplicateDocumentIds.push(outcome.document.id);
      return {
        filename: p.label,
        status: 'duplicate',
        document_id: outcome.document.id,
        message: `Identical to "${outcome.document.filename}", already in the vault.`,
      };
    }
    this.newDocumentIds.push(outcome.document.id);
    return {
      filename: p.label,
      status: 'uploaded',
      document_id: outcome.document.id,
      ...(p.note ? { message: p.note } : {}),
    };
  }
}

/** The bulk result's message for a file whose text OCR will read. */
export const OCR_PENDING_NOTE =
  'Stored; it has no text layer, so its text is being read by OCR in the background (status processing). Its type is set when OCR ends.';

const OCR_PENDING_DIAGNOSTIC: Record<Locale, string> = {
  en: 'No text layer: OCR is reading the file in the background; the type is set when it ends.',
  de: 'Keine Textebene: Die Texterkennung (OCR) liest die Datei im Hintergrund; der Typ wird danach gesetzt.',
  fr: "Pas de couche texte : l'OCR lit le fichier en arrière-plan ; le type sera fixé ensuite.",
  es: 'Sin capa de texto: el OCR lee el archivo en segundo plano; el tipo se fijará al terminar.',
  it: "Nessun livello di testo: l'OCR legge il file in background; il tipo verrà impostato al termine.",
};

/** Images and scanned PDFs: read without OCR at upload, by OCR in the extraction job. */
function needsOcr(a: AnalysedFile): boolean {
  return (
    a.extraction.status !== 'ok' &&
    a.extraction.issue?.code === 'scanned_or_empty_text' &&
    (a.format === 'pdf' || a.mimeType.startsWith('image/'))
  );
}

/** The upload's file-name classification of a scan, saying that OCR is under way (not "upload again"). */
function pendingOcrClassification(c: ClassificationResult, locale: Locale = 'en'): ClassificationResult {
  const message = OCR_PENDING_DIAGNOSTIC[locale];
  return {
    ...c,
    degraded: true,
    diagnostic: {
      ...(c.diagnostic ?? {
        code: 'scanned_or_empty_text',
        source: 'filename_only',
        signals_used: c.signals_used,
        confidence: c.confidence,
      }),
      code: 'scanned_or_empty_text',
      message,
      next_action: 'confirm_or_choose_type',
    },
  };
}

function analysedFromReading(
  reading: NonNullable<Awaited<ReturnType<typeof findReading>>>,
  filename: string,
  locale?: Locale,
): AnalysedFile {
  const extraction = extractionOfReading(reading);
  const classification = classifyRules({
    filename,
    mimeType: extraction.mimeType,
    snippet: extraction.text.slice(0, TEXT_WINDOW),
    snippetSource: extraction.snippetSource,
    pages: extraction.pages,
    locale,
  });
  return {
    format: extraction.format,
    mimeType: extraction.mimeType,
    extraction,
    classification,
    textCache: textCacheOf(extraction),
  };
}

export async function bulkUpload(db: Db, args: BulkUploadArgs): Promise<BulkUploadResponse> {
  if (!args.files.length) {
    throw new AppError('VALIDATION_FAILED', 'Send 1 to 20 files in the repeated field "files".', {
      details: { location: 'form', fields: [{ path: 'files', message: 'at least one file is required' }] },
    });
  }
  if (args.fields.sku_id) await getSkuRow(db, { workspaceId: args.workspace.id, id: args.fields.sku_id });
  const run = new BulkRun(db, args);
  for (const f of args.files) {
    await run.file(f);
    // Written per uploaded file (and every STORE_BATCH parts), so at most one container's parts wait in memory.
    await run.flush();
  }

  await queueExtractions(db, {
    workspaceId: args.workspace.id,
    documentIds: [...run.newDocumentIds, ...run.relinkedDocumentIds],
    createdBy: args.actor.userId,
  });
  // The same bytes again: a copy stuck "processing" (its upload was killed before the queueing, or its
  // run died) is queued once more instead of only answering duplicate.
  await requeueStuckExtractions(db, { workspaceId: args.workspace.id, documentIds: run.duplicateDocumentIds });
  if (args.fields.sku_id && (run.newDocumentIds.length || run.relinkedDocumentIds.length)) {
    await afterDossierChange(db, {
      workspaceId: args.workspace.id,
      actor: args.actor,
      skuId: args.fields.sku_id,
      reason: resetReason.documentsUploaded(),
    });
  }
  const results = run.results.filter((r): r is BulkResultItem => r !== null);
  const count = (s: BulkResultItem['status']) => results.filter((r) => r.status === s).length;
  return {
    results,
    summary: {
      uploaded: count('uploaded'),
      duplicate: count('duplicate'),
      error: count('error'),
      skipped_quota: count('skipped_quota'),
    },
  };
}
