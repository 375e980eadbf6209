import { emitWebhookEvent } from '@/lib/events/emit';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Actor, WorkspaceRef } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { skus, supplierRequestDocuments, supplierRequests, workspaces } from '@/lib/db/schema';
import { decideDocumentLink } from '@/lib/documents/evidence-decisions';
import { bulkUpload } from '@/lib/documents/bulk';
import { unlinkDocument } from '@/lib/documents/sku-links';
import { AppError } from '@/lib/errors';
import type { UploadedFile } from '@/lib/http/multipart';
import { getEnv } from '@/lib/config/env';
import type { BulkResultItem } from '@/lib/documents/schemas';
import { isLocale, type Locale } from '@/lib/i18n';
import { questionsOf } from './answers';
import { loadItemStatuses } from './item-states';
import { addEvent, getRequestRow } from './rows';
import { getRequest } from './service';
import type { RequestRow } from './serialize';
import { hashToken, isTokenShaped } from './token';

/**
 * What comes back from the supplier: files through the upload link or attached to a reply. They go
 * through the vault's bulk upload (type checks, container unpacking, hostile-file handling, dedupe,
 * classification, extraction jobs), linked to the request's SKU; the request moves to to_review.
 * The user then accepts or rejects each document; a rejected one is unlinked, so its item reopens.
 */

/** Statuses in which the supplier's answer is still taken. */
const ANSWERABLE = ['sent', 'in_progress', 'to_review', 'no_progress'] as const;

export const supplierActor = (via: 'upload_link' | 'inbound_email'): Actor => ({
  userId: null,
  apiKeyId: null,
  label: via === 'upload_link' ? 'Supplier (upload link)' : 'Supplier (email reply)',
});

export type LinkLookup =
  | { kind: 'ok'; row: RequestRow }
  | { kind: 'not_found' }
  | { kind: 'gone'; reason: 'expired' | 'revoked' | 'closed'; row: RequestRow };

/** The request behind an upload link token, whatever its state. Unknown or malformed: not_found. */
export async function lookupLink(
  db: Db,
  { token, now = new Date() }: { token: string; now?: Date },
): Promise<LinkLookup> {
  if (!isTokenShaped(token)) return { kind: 'not_found' };
  const [row] = await db
    .select()
    .from(supplierRequests)
    .where(eq(supplierRequests.tokenHash, hashToken(token)));
  if (!row || row.status === 'sending' || row.status === 'failed') return { kind: 'not_found' };
  // Done or cancelled also revoke the token: say "closed", the truer word for the supplier.
  if (!(ANSWERABLE as readonly string[]).includes(row.status)) return { kind: 'gone', reason: 'closed', row };
  if (row.tokenRevokedAt) return { kind: 'gone', reason: 'revoked', row };
  if (row.tokenExpiresAt <= now) return { kind: 'gone', reason: 'expired', row };
  return { kind: 'ok', row };
}

export async function requireLink(
  db: Db,
  { token, now = new Date() }: { token: string; now?: Date },
): Promise<RequestRow> {
  const found = await lookupLink(db, { token, now });
  if (found.kind === 'not_found') throw new AppError('NOT_FOUND', 'This upload link does not exist.');
  if (found.kind === 'gone')
    throw new AppError(
      'LINK_EXPIRED',
      found.reason === 'expired' ? 'This upload link has expired.' : 'This upload link is no longer open.',
      { details: { reason: found.reason } },
    );
  return found.row;
}

/**
 * What the supplier sees: the product, each asked item with its state (and the reason of a rejection),
 * and their own files counted as accepted / waiting for review / rejected. Nothing else of the workspace.
 */
export async function publicRequestView(db: Db, { row }: { row: RequestRow }) {
  const [sku] = await db
    .select({ productName: skus.productName, skuCode: skus.skuCode, gtin: skus.gtin })
    .from(skus)
    .where(eq(skus.id, row.skuId));
  const [ws] = await db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, row.workspaceId));
  const { items, files } = await loadItemStatuses(db, { row });
  const count = (s: string) => files.filter((f) => f.status === s).length;
  const locale = (isLocale(row.locale) ? row.locale : 'en') as Locale;
  const stateOf = new Map(items.map((i) => [i.key, i.state]));
  return {
    requester: ws?.name ?? null,
    product_name: sku?.productName ?? '',
    sku_code: sku?.skuCode ?? '',
    gtin: sku?.gtin ?? null,
    locale: (isLocale(row.locale) ? row.locale : 'en') as Locale,
    items: items.map((i) => ({ key: i.key, label: i.label, kind: i.kind, state: i.state, reason: i.reason })),
    due_date: row.dueDate,
    files_received: files.length,
    files_accepted: count('accepted'),
    files_waiting: count('pending'),
    files_rejected: count('rejected'),
    rejected_files: files
      .filter((f) => f.status === 'rejected')
      .map((f) => ({ filename: f.supplierFilename ?? '', reason: f.note })),
    questions: questionsOf(row, locale).map((q) => ({ ...q, state: stateOf.get(q.item_key) ?? 'open' })),
    expires_at: row.tokenExpiresAt.toISOString(),
  };
}
export type PublicRequestView = Awaited<ReturnType<typeof publicRequestView>>;

export async function workspaceRef(db: Db, { id }: { id: string }): Promise<WorkspaceRef> {
  const [ws] = await db.select().from(workspaces).where(eq(workspaces.id, id));
  if (!ws) throw new AppError('NOT_FOUND', 'Workspace not found.');
  return { id: ws.id, name: ws.name, plan: ws.plan };
}

/**
 * Stores the supplier's files as documents of the request's SKU and records them on the request.
 * Used by the upload link and by inbound replies.
 */
export async function receiveSupplierFiles(
  db: Db,
  args: {
    row: RequestRow;
    files: UploadedFile[];
    via: 'upload_link' | 'inbound_email';
    note?: string | null;
    data?: Record<string, unknown>;
    now?: Date;
  },
) {
  const { row } = args;
  const now = args.now ?? new Date();
  const actor = supplierActor(args.via);
  const workspace = await workspaceRef(db, { id: row.workspaceId });
  await reserveLinkCapacity(db, row, args.files);
  const before = new Set(
    (
      await db
        .select({ id: supplierRequestDocuments.documentId })
        .from(supplierRequestDocuments)
        .where(eq(supplierRequestDocuments.requestId, row.id))
    ).map((d) => d.id),
  );
  const upload = args.files.length
    ? await bulkUpload(db, {
        workspace,
        actor,
        files: args.files,
        fields: { sku_id: row.skuId },
        // A supplier's file is a proposal: it counts once a person accepts it (lib/evidence/status.ts).
        linkOrigin: args.via === 'upload_link' ? 'supplier_upload' : 'inbound_mail',
      })
    : { results: [], summary: { uploaded: 0, duplicate: 0, error: 0, skipped_quota: 0 } };
  const fresh = new Map<string, string>();
  for (const r of upload.results)
    if (r.document_id && !before.has(r.document_id) && !fresh.has(r.document_id)) fresh.set(r.document_id, r.filename);
  const documentIds = [...new Set(upload.results.map((r) => r.document_id).filter((id): id is string => Boolean(id)))];
  if (fresh.size) {
    // A file sent again for this request keeps its decision (a rejection's reason still holds).
    await db
      .insert(supplierRequestDocuments)
      .values(
        [...fresh].map(([documentId, filename]) => ({
          workspaceId: row.workspaceId,
          requestId: row.id,
          documentId,
          source: args.via,
          supplierFilename: filename,
        })),
      )
      .onConflictDoNothing();
  }
  const answered = fresh.size > 0 || Boolean(args.note);
  await addEvent(db, {
    workspaceId: row.workspaceId,
    requestId: row.id,
    kind: args.via === 'upload_link' ? 'upload' : 'reply',
    actorLabel: actor.label,
    note: args.note ?? null,
    data: {
      ...args.data,
      files: upload.results.map((r) => ({
        filename: r.filename,
        status: r.status,
        document_id: r.document_id ?? null,
        ...(r.error_code ? { error_code: r.error_code } : {}),
      })),
    },
    at: now,
  });
  if (answered) {
    // Only from a state that takes answers: a concurrent cancel wins.
    const next = fresh.size ? 'to_review' : 'in_progress';
    await db
      .update(supplierRequests)
      .set({
        status: sql`CASE WHEN ${supplierRequests.status} = 'to_review' THEN 'to_review' ELSE ${next} END`,
        respondedAt: sql`coalesce(${supplierRequests.respondedAt}, ${now.toISOString()}::timestamptz)`,
        lastResponseAt: now,
        noProgressNotifiedAt: null,
        lastActivityAt: now,
        updatedAt: now,
      })
      .where(and(eq(supplierRequests.id, row.id), inArray(supplierRequests.status, [...ANSWERABLE])));
    await emitWebhookEvent(db, {
      workspaceId: row.workspaceId,
      type: 'supplier.answered',
      data: { request_id: row.id, sku_id: row.skuId, via: args.via, document_ids: [...fresh.keys()] },
    });
  }
  const results = upload.results.map((r) => forSupplier(r, before));
  return { results, summary: summarize(results), document_ids: documentIds };
}

/**
 * A result as the supplier may see it: a file identical to one they already sent for this request is
 * "duplicate" with that sentence; one identical to a document the workspace holds otherwise is simply
 * received (it is linked to the SKU like any other). Never another document's name.
 */
function forSupplier(r: BulkResultItem, mine: ReadonlySet<string>): BulkResultItem {
  if (r.status === 'duplicate' && r.document_id && mine.has(r.document_id))
    return {
      filename: r.filename,
      status: 'duplicate',
      document_id: r.document_id,
      message: 'You already sent this file for this request.',
    };
  if (r.status === 'duplicate' || r.status === 'uploaded')
    return { filename: r.filename, status: 'uploaded', ...(r.document_id ? { document_id: r.document_id } : {}) };
  return r;
}

function summarize(results: BulkResultItem[]) {
  const n = (s: BulkResultItem['status']) => results.filter((r) => r.status === s).length;
  return { uploaded: n('uploaded'), duplicate: n('duplicate'), error: n('error'), skipped_quota: n('skipped_quota') };
}

/** What one request may take in total, across the link and replies. */
export function linkLimits() {
  const env = getEnv();
  return { max_files: env.SUPPLIER_LINK_MAX_FILES, max_bytes: env.SUPPLIER_LINK_MAX_BYTES };
}

/**
 * Reserves room for a batch on the request's counters in one conditional update, so concurrent uploads
 * through a leaked link cannot pass the cap together. A batch that does not fit is refused whole.
 */
async function reserveLinkCapacity(db: Db, row: RequestRow, files: UploadedFile[]) {
  const stored = files.filter((f) => f.path && !f.tooLarge);
  if (!stored.length) return;
  const bytes = stored.reduce((n, f) => n + f.size, 0);
  const { max_files, max_bytes } = linkLimits();
  const ok = await db
    .update(supplierRequests)
    .set({
      filesReceived: sql`${supplierRequests.filesReceived} + ${stored.length}`,
      bytesReceived: sql`${supplierRequests.bytesReceived} + ${bytes}`,
    })
    .where(
      and(
        eq(supplierRequests.id, row.id),
        sql`${supplierRequests.filesReceived} + ${stored.length} <= ${max_files}`,
        sql`${supplierRequests.bytesReceived} + ${bytes} <= ${max_bytes}`,
      ),
    )
    .returning({ id: supplierRequests.id });
  if (ok.length) return;
  const [cur] = await db
    .select({ files: supplierRequests.filesReceived, bytes: supplierRequests.bytesReceived })
    .from(supplierRequests)
    .where(eq(supplierRequests.id, row.id));
  const mb = (b: number) => `${Math.round(b / 1024 / 1024)} MB`;
  throw new AppError(
    'LINK_LIMIT_REACHED',
    `This request takes at most ${max_files} files and ${mb(max_bytes)} in total; ${cur?.files ?? 0} files (${mb(cur?.bytes ?? 0)}) were received, this batch of ${stored.length} (${mb(bytes)}) does not fit. Please contact the sender.`,
    {
      details: {
        max_files,
        max_bytes,
        files_received: cur?.files ?? 0,
        bytes_received: cur?.bytes ?? 0,
        batch_files: stored.length,
        batch_bytes: bytes,
      },
    },
  );
}

/** Accept or reject one returned document. Rejecting unlinks it from the SKU (the item reopens). */
export async function decideDocument(
  db: Db,
  args: {
    workspaceId: string;
    actor: Actor;
    requestId: string;
    documentId: string;
    decision: 'accept' | 'reject';
    note?: string;
    now?: Date;
  },
) {
  const row = await getRequestRow(db, { workspaceId: args.workspaceId, id: args.requestId });
  const [link] = await db
    .select()
    .from(supplierRequestDocuments)
    .where(
      and(
        eq(supplierRequestDocuments.requestId, row.id),
        eq(supplierRequestDocuments.documentId, args.documentId),
        eq(supplierRequestDocuments.workspaceId, args.workspaceId),
      ),
    );
  if (!link) throw new AppError('NOT_FOUND', 'This document did not come with this request.');
  if (row.status === 'cancelled' || row.status === 'done')
    throw new AppError('INVALID_STATE', `The request is ${row.status}.`, { details: { state: row.status } });
  const now = args.now ?? new Date();
  // Accepting here is a person's acceptance of the file as the SKU's evidence (a supplier's file only
  // counts after it); one that is about another product needs the note as the reason.
  if (args.decision === 'accept' && link.status === 'pending')
    await decideDocumentLink(db, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      skuId: row.skuId,
      documentId: args.documentId,
      decision: 'accept',
      reason: args.note ?? null,
      ifLinked: true,
    });
  const status = args.decision === 'accept' ? 'accepted' : 'rejected';
  const changed = await db
    .update(supplierRequestDocuments)
    .set({ status, decidedAt: now, decidedByLabel: args.actor.label, note: args.note ?? null })
    .where(
      and(
        eq(supplierRequestDocuments.requestId, row.id),
        eq(supplierRequestDocuments.documentId, args.documentId),
        eq(supplierRequestDocuments.status, 'pending'),
      ),
    )
    .returning({ id: supplierRequestDocuments.documentId });
  if (!changed.length)
    throw new AppError('INVALID_STATE', `The document was already ${link.status}.`, {
      details: { state: link.status },
    });
  if (args.decision === 'reject')
    await unlinkDocument(db, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      id: args.documentId,
      skuId: row.skuId,
    });
  await addEvent(db, {
    workspaceId: args.workspaceId,
    requestId: row.id,
    kind: args.decision === 'accept' ? 'document_accepted' : 'document_rejected',
    actorLabel: args.actor.label,
    note: args.note ?? null,
    data: { document_id: args.documentId },
    at: now,
  });

  // With nothing left to review: done when none of the asked items is still open, else back to in progress.
  const pending = await db
    .select({ id: supplierRequestDocuments.documentId })
    .from(supplierRequestDocuments)
    .where(and(eq(supplierRequestDocuments.requestId, row.id), eq(supplierRequestDocuments.status, 'pending')));
  if (!pending.length) {
    const [sku] = await db.select({ blockers: skus.blockers }).from(skus).where(eq(skus.id, row.skuId));
    const open = new Set(
      (sku?.blockers ?? [])
        .filter((b) => b.severity === 'blocker' && !b.waived)
        .map((b) => (b as { key?: string }).key ?? b.code),
    );
    const stillOpen = row.items.filter((i) => open.has(i.key)).map((i) => i.key);
    const to = stillOpen.length ? 'in_progress' : 'done';
    const moved = await db
      .update(supplierRequests)
      .set({ status: to, lastActivityAt: now, updatedAt: now, ...(to === 'done' ? { tokenRevokedAt: now } : {}) })
      .where(and(eq(supplierRequests.id, row.id), inArray(supplierRequests.status, [...ANSWERABLE])))
      .returning({ id: supplierRequests.id });
    if (moved.length)
      await addEvent(db, {
        workspaceId: args.workspaceId,
        requestId: row.id,
        kind: 'status_changed',
        actorLabel: args.actor.label,
        data: { from: row.status, to, open_items: stillOpen },
        at: now,
      });
  }
  return getRequest(db, { workspaceId: args.workspaceId, id: row.id });
}
