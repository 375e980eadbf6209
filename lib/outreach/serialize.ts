import { and, asc, eq, inArray } from 'drizzle-orm';
import type { EvidenceFacts, EvidenceReasonCode } from '@/lib/evidence/status';
import { linkEvidenceColumns } from '@/lib/evidence/links';
import type { Db } from '@/lib/db/client';
import { documents, documentSkus, skus, supplierRequestDocuments, supplierRequestEvents } from '@/lib/db/schema';
import { answerStates } from './answers';
import { itemStatuses, openBlockerKeys, requestFiles } from './item-states';
import type { EventRow, RequestRow } from './rows';
import { linkToken, uploadUrl } from './token';

export type { EventRow, RequestRow };

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function linkActive(r: Pick<RequestRow, 'tokenRevokedAt' | 'tokenExpiresAt' | 'status'>, now = new Date()) {
  return !r.tokenRevokedAt && r.tokenExpiresAt > now && !['sending', 'failed', 'cancelled', 'done'].includes(r.status);
}

/** Requests with their timeline and returned documents, in the order given (two queries for the page). */
export async function serializeRequests(db: Db, { rows }: { rows: RequestRow[] }) {
  const ids = rows.map((r) => r.id);
  const events = ids.length
    ? await db
        .select()
        .from(supplierRequestEvents)
        .where(inArray(supplierRequestEvents.requestId, ids))
        .orderBy(asc(supplierRequestEvents.createdAt), asc(supplierRequestEvents.id))
    : [];
  const docs = ids.length
    ? await db
        .select({ link: supplierRequestDocuments, filename: documents.filename, documentType: documents.documentType })
        .from(supplierRequestDocuments)
        .innerJoin(
          documents,
          and(
            eq(documents.id, supplierRequestDocuments.documentId),
            eq(documents.workspaceId, supplierRequestDocuments.workspaceId),
          ),
        )
        .where(inArray(supplierRequestDocuments.requestId, ids))
        .orderBy(asc(supplierRequestDocuments.createdAt))
    : [];
  const skuIds = [...new Set(rows.map((r) => r.skuId))];
  // Each returned file's link to the request's SKU: the manager decides on it beside the identity facts.
  const docIds = [...new Set(docs.map((d) => d.link.documentId))];
  const links =
    docIds.length && skuIds.length
      ? await db
          .select({
            documentId: documentSkus.documentId,
            skuId: documentSkus.skuId,
            ...linkEvidenceColumns,
          })
          .from(documentSkus)
          .where(and(inArray(documentSkus.documentId, docIds), inArray(documentSkus.skuId, skuIds)))
      : [];
  const evidenceOf = (documentId: string, skuId: string) => {
    const l = links.find((x) => x.documentId === documentId && x.skuId === skuId);
    return l
      ? {
          evidence_status: l.evidence_status,
          evidence_reason: l.evidence_reason ?? null,
          evidence_reason_code: (l.evidence_reason_code as EvidenceReasonCode | null) ?? null,
          evidence_reason_params: l.evidence_reason_params ?? null,
          evidence_facts: (l.evidence_facts as EvidenceFacts | null) ?? null,
          decided_by: l.decided_by ?? null,
          decided_at: l.decided_at?.toISOString() ?? null,
        }
      : null;
  };
  const blockers = skuIds.length
    ? await db.select({ id: skus.id, blockers: skus.blockers }).from(skus).where(inArray(skus.id, skuIds))
    : [];
  const files = await requestFiles(db, { requestIds: ids });
  const answered = await answerStates(db, { requestIds: ids });
  const today = new Date().toISOString().slice(0, 10);
  return rows.map((r) => {
    const states = itemStatuses(
      r.items,
      openBlockerKeys(blockers.find((b) => b.id === r.skuId)?.blockers ?? []),
      files.filter((f) => f.requestId === r.id),
      answered.get(r.id),
    );
    const owed = states.some((i) => i.state === 'open' || i.state === 'rejected');
    const overdue = Boolean(r.dueDate && r.dueDate < today && owed && OPEN_STATUSES.includes(r.status));
    return {
      id: r.id,
      sku_id: r.skuId,
      entity_id: r.entityId,
      recipient: r.recipient,
      cc: r.cc,
      subject: r.subject,
      locale: r.locale,
      items: r.items,
      status: r.status,
      due_date: r.dueDate,
      sent_at: iso(r.sentAt),
      last_reminder_at: iso(r.lastReminderAt),
      reminder_count: r.reminderCount,
      responded_at: iso(r.respondedAt),
      last_activity_at: r.lastActivityAt.toISOString(),
      message_id: r.messageId,
      delivery_error: r.deliveryError,
      upload_url: linkActive(r) ? uploadUrl(linkToken(r.id, r.tokenNonce)) : null,
      link_expires_at: r.tokenExpiresAt.toISOString(),
      link_active: linkActive(r),
      created_at: r.createdAt.toISOString(),
      created_by: r.createdByLabel,
      documents: docs
        .filter((d) => d.link.requestId === r.id)
        .map((d) => ({
          document_id: d.link.documentId,
          filename: d.filename,
          document_type: d.documentType,
          status: d.link.status,
          source: d.link.source,
          note: d.link.note,
          supplier_filename: d.link.supplierFilename,
          created_at: d.link.createdAt.toISOString(),
          evidence: evidenceOf(d.link.documentId, r.skuId),
        })),
      item_states: states.map((i) => ({ key: i.key, label: i.label, state: i.state, reason: i.reason })),
      overdue,
      attention: r.status === 'no_progress' ? ('no_progress' as const) : overdue ? ('overdue' as const) : null,
      files_received: r.filesReceived,
      bytes_received: r.bytesReceived,
      timeline: events
        .filter((e) => e.requestId === r.id)
        .map((e) => ({
          id: e.id,
          kind: e.kind,
          at: e.createdAt.toISOString(),
          actor: e.actorLabel,
          note: e.note,
          data: e.data,
        })),
    };
  });
}

const OPEN_STATUSES: string[] = ['sent', 'in_progress', 'to_review', 'no_progress'];
