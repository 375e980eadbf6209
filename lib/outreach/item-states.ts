import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { documents, skus, supplierRequestDocuments, type RequestItem, type StoredBlocker } from '@/lib/db/schema';
import { answerStates } from './answers';
import type { RequestRow } from './rows';

/**
 * Where each asked item stands, so the link page, the reminders and the manager see the same thing:
 * - accepted: the SKU no longer has the item's blocker open (the evidence was confirmed);
 * - answered: a file of the asked type (or an answer to the asked field) waits for a person's review;
 * - rejected: the last file of the asked type was rejected, with the reason the supplier is shown;
 * - open: nothing usable yet.
 * Only open and rejected items are asked again.
 */

export type ItemState = 'open' | 'answered' | 'accepted' | 'rejected';

export interface ItemStatus {
  key: string;
  kind: RequestItem['kind'];
  label: string;
  legal_basis: string | null;
  fields: string[];
  document_types: string[];
  state: ItemState;
  reason: string | null;
}

export interface RequestFile {
  documentId: string;
  filename: string;
  /** The name the supplier gave it (null on files received before it was kept). */
  supplierFilename: string | null;
  documentType: string | null;
  status: 'pending' | 'accepted' | 'rejected';
  note: string | null;
  createdAt: Date;
}

/** Blocker keys still open on the SKU (the same key the items were drafted from). */
export function openBlockerKeys(blockers: readonly StoredBlocker[]): Set<string> {
  return new Set(
    blockers.filter((b) => b.severity === 'blocker' && !b.waived).map((b) => (b as { key?: string }).key ?? b.code),
  );
}

const NO_ANSWERS = { answered: new Set<string>(), rejected: new Set<string>() };

/** Pure: the state of each item from the SKU's open blockers, the request's files and pending answers. */
export function itemStatuses(
  items: readonly RequestItem[],
  open: ReadonlySet<string>,
  files: readonly RequestFile[],
  answers: { answered: ReadonlySet<string>; rejected: ReadonlySet<string> } = NO_ANSWERS,
): ItemStatus[] {
  return items.map((item) => {
    const base = {
      key: item.key,
      kind: item.kind,
      label: item.label,
      legal_basis: item.legal_basis ?? null,
      fields: item.fields ?? [],
      document_types: item.document_types ?? [],
    };
    const types = new Set(item.document_types ?? []);
    const mine = item.kind === 'document' ? files.filter((f) => f.documentType && types.has(f.documentType)) : [];
    // A file or answer waiting for our review is "answered" even where it already clears the blocker.
    if (answers.answered.has(item.key) || mine.some((f) => f.status === 'pending'))
      return { ...base, state: 'answered', reason: null };
    if (!open.has(item.key)) return { ...base, state: 'accepted', reason: null };
    const last = [...mine].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    if (last?.status === 'rejected') return { ...base, state: 'rejected', reason: last.note };
    if (answers.rejected.has(item.key)) return { ...base, state: 'rejected', reason: null };
    return { ...base, state: 'open', reason: null };
  });
}

/** Items the supplier still has to act on: open, or rejected (with the reason). */
export const stillAsked = (s: readonly ItemStatus[]) => s.filter((i) => i.state === 'open' || i.state === 'rejected');

export async function requestFiles(
  db: Db,
  { requestIds }: { requestIds: string[] },
): Promise<(RequestFile & { requestId: string })[]> {
  if (!requestIds.length) return [];
  const rows = await db
    .select({
      requestId: supplierRequestDocuments.requestId,
      documentId: supplierRequestDocuments.documentId,
      status: supplierRequestDocuments.status,
      note: supplierRequestDocuments.note,
      supplierFilename: supplierRequestDocuments.supplierFilename,
      createdAt: supplierRequestDocuments.createdAt,
      filename: documents.filename,
      documentType: documents.documentType,
    })
    .from(supplierRequestDocuments)
    .innerJoin(
      documents,
      and(
        eq(documents.id, supplierRequestDocuments.documentId),
        eq(documents.workspaceId, supplierRequestDocuments.workspaceId),
      ),
    )
    .where(inArray(supplierRequestDocuments.requestId, requestIds));
  return rows;
}

/** The item states of one request, read fresh. */
export async function loadItemStatuses(db: Db, { row }: { row: RequestRow }) {
  const [sku] = await db.select({ blockers: skus.blockers }).from(skus).where(eq(skus.id, row.skuId));
  const files = await requestFiles(db, { requestIds: [row.id] });
  const answered = (await answerStates(db, { requestIds: [row.id] })).get(row.id);
  return {
    items: itemStatuses(row.items, openBlockerKeys(sku?.blockers ?? []), files, answered),
    files,
  };
}
