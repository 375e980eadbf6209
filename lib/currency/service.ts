import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { currencyDocumentStatus, currencyFindings, documentExtractions, documents } from '@/lib/db/schema';
import { afterKeyset, decodeKeysetCursor, encodeKeysetCursor, keysetPage, timestampText } from '@/lib/db/keyset';
import { AppError } from '@/lib/errors';
import { currentCurrencyData } from './data';
import { currencyOfStoredDocument, latestFactsByDocument } from './document-facts';
import { findingParams, legalBasisOf, notifiedBodiesVersionOf } from './finding-params';
import type { CurrencyData, CurrencyFinding, DocumentCurrency } from './types';

/**
 * Re-evaluating a workspace's documents against the current lists, and reading what was found. The
 * findings table is the record of change: a finding seen for the first time (or again after it went
 * away) is raised with the run's time; one no longer found is resolved; one still found is only
 * marked seen. Running twice on the same data raises nothing the second time.
 */

const CHUNK = 500;

export const dataVersionOf = (data: CurrencyData) =>
  `standards ${data.standards.version}; notified bodies ${data.bodies.version}`;

export interface ReevaluationResult {
  documents: number;
  raised: number;
  resolved: number;
  data_version: string;
  /** Documents whose warnings or blockers came or went: the SKUs they prove need re-evaluating. */
  affected_document_ids: string[];
}

export async function reevaluateWorkspaceCurrency(
  db: Db,
  args: { workspaceId: string; now?: Date },
): Promise<ReevaluationResult> {
  const now = args.now ?? new Date();
  const data = currentCurrencyData();
  const version = dataVersionOf(data);
  const result: ReevaluationResult = {
    documents: 0,
    raised: 0,
    resolved: 0,
    data_version: version,
    affected_document_ids: [],
  };
  const touchedDocs = new Set<string>();
  let after: string | null = null;
  for (;;) {
    const where: SQL[] = [eq(documents.workspaceId, args.workspaceId)];
    if (after) where.push(gt(documents.id, after));
    const docs = await db
      .select({ id: documents.id, documentType: documents.documentType, validUntil: documents.validUntil })
      .from(documents)
      .where(and(...where))
      .orderBy(asc(documents.id))
      .limit(CHUNK);
    if (!docs.length) break;
    after = docs[docs.length - 1].id;
    result.documents += docs.length;
    const ids = docs.map((d) => d.id);
    const facts = latestFactsByDocument(
      await db
        .select({
          documentId: documentExtractions.documentId,
          facts: documentExtractions.facts,
          createdAt: documentExtractions.createdAt,
        })
        .from(documentExtractions)
        .where(
          and(eq(documentExtractions.workspaceId, args.workspaceId), inArray(documentExtractions.documentId, ids)),
        ),
    );
    const evaluated = docs.map((d) => ({
      doc: d,
      currency: currencyOfStoredDocument(d, facts.get(d.id) ?? [], now, data),
    }));
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const existing = await t
        .select()
        .from(currencyFindings)
        .where(and(eq(currencyFindings.workspaceId, args.workspaceId), inArray(currencyFindings.documentId, ids)));
      const byKey = new Map(existing.map((f) => [`${f.documentId} ${f.key}`, f]));
      const found = new Set<string>();
      for (const { doc, currency } of evaluated) {
        await t
          .insert(currencyDocumentStatus)
          .values({
            documentId: doc.id,
            workspaceId: args.workspaceId,
            stopsProvingOn: currency.stops_proving_on,
            summary: currency.summary,
            dataVersion: version,
            evaluatedAt: now,
          })
          .onConflictDoUpdate({
            target: currencyDocumentStatus.documentId,
            set: {
              stopsProvingOn: currency.stops_proving_on,
              summary: currency.summary,
              dataVersion: version,
              evaluatedAt: now,
            },
          });
        for (const f of currency.findings) {
          const k = `${doc.id} ${f.key}`;
          found.add(k);
          const row = byKey.get(k);
          const fields = {
            code: f.code,
            severity: f.severity,
            message: f.message,
            legalBasis: f.legal_basis,
            details: f.details,
            dataVersion: version,
            lastSeenAt: now,
          };
          if (!row) {
            const inserted = await t
              .insert(currencyFindings)
              .values({ workspaceId: args.workspaceId, documentId: doc.id, key: f.key, raisedAt: now, ...fields })
              .onConflictDoNothing()
              .returning({ id: currencyFindings.id });
            if (inserted.length) {
              result.raised++;
              if (f.severity !== 'notice') touchedDocs.add(doc.id);
            }
          } else if (row.resolvedAt) {
            await t
              .update(currencyFindings)
              .set({ ...fields, raisedAt: now, resolvedAt: null })
              .where(eq(currencyFindings.id, row.id));
            result.raised++;
            if (f.severity !== 'notice') touchedDocs.add(doc.id);
          } else {
            await t.update(currencyFindings).set(fields).where(eq(currencyFindings.id, row.id));
          }
        }
      }
      const gone = existing.filter((f) => !f.resolvedAt && !found.has(`${f.documentId} ${f.key}`));
      if (gone.length) {
        await t
          .update(currencyFindings)
          .set({ resolvedAt: now })
          .where(
            inArray(
              currencyFindings.id,
              gone.map((f) => f.id),
            ),
          );
        result.resolved += gone.length;
        for (const f of gone) if (f.severity !== 'notice') touchedDocs.add(f.documentId);
      }
    });
    if (docs.length < CHUNK) break;
  }
  result.affected_document_ids = [...touchedDocs];
  return result;
}

// ----- reading --------------------------------------------------------------------------------------

export type FindingRow = typeof currencyFindings.$inferSelect & { raisedAtText?: string; filename?: string };

export function serializeFinding(f: FindingRow) {
  const code = f.code as CurrencyFinding['code'];
  const details = (f.details ?? {}) as Record<string, unknown>;
  return {
    id: f.id,
    document_id: f.documentId,
    document_filename: f.filename ?? null,
    key: f.key,
    code,
    severity: f.severity,
    message: f.message,
    legal_basis: f.legalBasis,
    details,
    params: findingParams(code, f.severity, details, notifiedBodiesVersionOf(f.dataVersion)),
    ...legalBasisOf(code, details),
    data_version: f.dataVersion,
    status: f.resolvedAt ? ('resolved' as const) : ('open' as const),
    raised_at: f.raisedAt.toISOString(),
    last_seen_at: f.lastSeenAt.toISOString(),
    resolved_at: f.resolvedAt?.toISOString() ?? null,
  };
}

const LIST = 'currency-findings';

export async function listCurrencyFindings(
  db: Db,
  args: {
    workspaceId: string;
    documentId?: string;
    status?: 'open' | 'resolved' | 'all';
    severity?: 'blocker' | 'warning' | 'notice';
    cursor?: string;
    limit?: number;
  },
) {
  const limit = args.limit ?? 50;
  const where: SQL[] = [eq(currencyFindings.workspaceId, args.workspaceId)];
  if (args.documentId) where.push(eq(currencyFindings.documentId, args.documentId));
  const status = args.status ?? 'open';
  if (status === 'open') where.push(isNull(currencyFindings.resolvedAt));
  if (status === 'resolved') where.push(isNotNull(currencyFindings.resolvedAt));
  if (args.severity) where.push(eq(currencyFindings.severity, args.severity));
  if (args.cursor) {
    const c = decodeKeysetCursor(args.cursor, LIST, 'timestamp');
    where.push(afterKeyset('desc', currencyFindings.raisedAt, c.value, currencyFindings.id, c.id));
  }
  const rows = await db
    .select({
      f: currencyFindings,
      raisedAtText: timestampText(currencyFindings.raisedAt),
      filename: documents.filename,
    })
    .from(currencyFindings)
    .innerJoin(documents, eq(documents.id, currencyFindings.documentId))
    .where(and(...where))
    .orderBy(desc(currencyFindings.raisedAt), desc(currencyFindings.id))
    .limit(limit + 1);
  const { page, next_cursor, has_more } = keysetPage(rows, limit, (last) =>
    encodeKeysetCursor(LIST, last.raisedAtText, last.f.id),
  );
  return {
    data: page.map((r) => serializeFinding({ ...r.f, filename: r.filename })),
    next_cursor,
    has_more,
  };
}

/** A document's currency now (live, against the current data) and its recorded findings. */
export async function getDocumentCurrency(db: Db, args: { workspaceId: string; documentId: string; now?: Date }) {
  const [doc] = await db
    .select({ id: documents.id, documentType: documents.documentType, validUntil: documents.validUntil })
    .from(documents)
    .where(and(eq(documents.id, args.documentId), eq(documents.workspaceId, args.workspaceId)));
  if (!doc) throw new AppError('NOT_FOUND', 'Document not found.');
  const facts = latestFactsByDocument(
    await db
      .select({
        documentId: documentExtractions.documentId,
        facts: documentExtractions.facts,
        createdAt: documentExtractions.createdAt,
      })
      .from(documentExtractions)
      .where(and(eq(documentExtractions.workspaceId, args.workspaceId), eq(documentExtractions.documentId, doc.id))),
  );
  const currency: DocumentCurrency = currencyOfStoredDocument(doc, facts.get(doc.id) ?? [], args.now ?? new Date());
  const [status] = await db
    .select({ evaluatedAt: currencyDocumentStatus.evaluatedAt })
    .from(currencyDocumentStatus)
    .where(eq(currencyDocumentStatus.documentId, doc.id));
  return {
    document_id: doc.id,
    ...currency,
    last_daily_check_at: status?.evaluatedAt.toISOString() ?? null,
  };
}

/** Workspaces with at least one document: the daily job's work list. */
export async function workspacesWithDocuments(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ id: documents.workspaceId }).from(documents);
  return rows.map((r) => r.id);
}
