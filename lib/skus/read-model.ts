/**
 * Everything known about one SKU, read in one place for the outputs that hand it to someone else:
 * the export (JSON/CSV), dossier.pdf, and the snapshot a publication freezes. Read-only: blockers are
 * evaluated in memory (a certificate may have expired since they were stored) and nothing is written.
 */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import {
  blockerWaivers,
  documents,
  documentSkus,
  type EvidenceStatus,
  dossierValues,
  entities,
  reviewIssues,
  skuEntities,
  skuRevisions,
  skus,
  workspaces,
  type EntityRole,
  type StoredBlocker,
} from '@/lib/db/schema';
import { fieldDefinition, fieldLabel } from '@/lib/model/catalogue';
import { serializeEntity } from '@/lib/model/entity-view';
import { evaluateRequirements, type RequirementEvaluation } from '@/lib/requirements';
import { toStoredBlocker } from './evaluate';
import { loadRequirementInput } from './requirement-input';
import { serializeSku, skuStatus, type SkuStatus } from './serialize';
import { skuEvents } from './activity';
import { getSkuRow } from './service';
import { serializeWaiver } from './waivers';

type SkuRow = typeof skus.$inferSelect;
type EntityRow = typeof entities.$inferSelect;
type DocumentRow = typeof documents.$inferSelect;
type ReviewIssueRow = typeof reviewIssues.$inferSelect;

export interface ConfirmedField {
  value_id: string;
  field_key: string;
  section: string | null;
  label: string;
  value: string;
  source: string;
  provenance: Record<string, unknown>;
  confidence: number | null;
  confirmed_by: string | null;
  confirmed_at: string | null;
}

export interface LinkedEntity {
  role: EntityRole;
  row: EntityRow;
  entity: ReturnType<typeof serializeEntity>;
}

export interface LinkedDocument {
  row: DocumentRow;
  /** How the document is attached; one kind since the sku_id column moved into document_skus (kept for the API). */
  linked_via: Array<'document_skus'>;
  expired: boolean;
  /** Whether it is evidence about this SKU (lib/evidence/status.ts); only accepted ones count. */
  evidence_status: EvidenceStatus;
  evidence_reason: string | null;
}

export interface RevisionSummary {
  revision: number;
  published_at: string;
  published_by: string | null;
  public_url: string | null;
}

export interface AuditSummary {
  created_at: string;
  review: { state: string; completed_at: string | null; completed_by: string | null };
  approval: { state: string; approved_at: string | null; approved_by: string | null };
  publications: RevisionSummary[];
  event_count: number;
  events_by_action: Record<string, number>;
  recent_events: Array<{ action: string; actor: string | null; at: string; data: Record<string, unknown> }>;
}

export interface SkuReadModel {
  workspace: { id: string; name: string; plan: string };
  row: SkuRow;
  sku: ReturnType<typeof serializeSku>;
  status: SkuStatus;
  evaluation: RequirementEvaluation;
  /** The evaluation's blockers in the stored shape (open first, waived ones carry who/when/why). */
  blockers: StoredBlocker[];
  /** Confirmed, current values only; suggestions never appear here. */
  fields: ConfirmedField[];
  open_suggestion_count: number;
  entities: LinkedEntity[];
  documents: LinkedDocument[];
  waivers: ReturnType<typeof serializeWaiver>[];
  review_issues: ReturnType<typeof serializeReviewIssue>[];
  revisions: RevisionSummary[];
  audit: AuditSummary;
  generated_at: string;
}

export function serializeReviewIssue(r: ReviewIssueRow) {
  return {
    id: r.id,
    kind: r.kind,
    field_key: r.fieldKey,
    message: r.message,
    status: r.status,
    created_at: r.createdAt.toISOString(),
    resolved_at: r.resolvedAt?.toISOString() ?? null,
    resolved_by: r.resolvedByLabel,
  };
}

export async function listReviewIssues(db: Db, { workspaceId, skuId }: { workspaceId: string; skuId: string }) {
  await getSkuRow(db, { workspaceId, id: skuId });
  const rows = await db
    .select()
    .from(reviewIssues)
    .where(and(eq(reviewIssues.skuId, skuId), eq(reviewIssues.workspaceId, workspaceId)))
    .orderBy(asc(reviewIssues.createdAt), asc(reviewIssues.id));
  return rows.map(serializeReviewIssue);
}

const ENTITY_ROLE_ORDER: EntityRole[] = ['manufacturer', 'importer', 'responsible_person', 'authorised_representative'];

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Published revisions, newest first, with the page URL recorded at publication. */
export async function listRevisionSummaries(
  db: Db,
  { workspaceId, skuId }: { workspaceId: string; skuId: string },
): Promise<RevisionSummary[]> {
  const rows = await db
    .select({
      revision: skuRevisions.revision,
      publishedAt: skuRevisions.publishedAt,
      by: skuRevisions.publishedByLabel,
      url: sql<string | null>`${skuRevisions.snapshot}->>'public_url'`,
    })
    .from(skuRevisions)
    .where(and(eq(skuRevisions.skuId, skuId), eq(skuRevisions.workspaceId, workspaceId)))
    .orderBy(desc(skuRevisions.revision));
  return rows.map((r) => ({
    revision: r.revision,
    published_at: r.publishedAt.toISOString(),
    published_by: r.by,
    public_url: r.url,
  }));
}

/** Loads the read model; 404 (AppError) when the SKU is not in the workspace. */
export async function loadSkuReadModel(
  db: Db,
  { workspaceId, skuId, opts = {} }: { workspaceId: string; skuId: string; opts?: { now?: Date } },
): Promise<SkuReadModel> {
  const row = await getSkuRow(db, { workspaceId, id: skuId });
  const now = opts.now ?? new Date();
  const input = await loadRequirementInput(db, { workspaceId, skuId });
  const evaluation = evaluateRequirements({ ...input, now });

  const [[ws], values, links, docs, waiverRows, issueRows, revisions, auditRows] = await Promise.all([
    db
      .select({ id: workspaces.id, name: workspaces.name, plan: workspaces.plan })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId)),
    db
      .select()
      .from(dossierValues)
      .where(
        and(
          eq(dossierValues.skuId, skuId),
          eq(dossierValues.workspaceId, workspaceId),
          isNull(dossierValues.supersededAt),
        ),
      )
      .orderBy(asc(dossierValues.fieldKey), asc(dossierValues.createdAt), asc(dossierValues.id)),
    db
      .select({ role: skuEntities.role, e: entities })
      .from(skuEntities)
      .innerJoin(entities, eq(entities.id, skuEntities.entityId))
      .where(and(eq(skuEntities.skuId, skuId), eq(skuEntities.workspaceId, workspaceId))),
    db
      .select({ d: documents, status: documentSkus.evidenceStatus, reason: documentSkus.evidenceReason })
      .from(documentSkus)
      .innerJoin(documents, eq(documents.id, documentSkus.documentId))
      .where(and(eq(documentSkus.workspaceId, workspaceId), eq(documentSkus.skuId, skuId)))
      .orderBy(asc(documents.createdAt), asc(documents.id)),
    db
      .select()
      .from(blockerWaivers)
      .where(and(eq(blockerWaivers.skuId, skuId), eq(blockerWaivers.workspaceId, workspaceId)))
      .orderBy(asc(blockerWaivers.waivedAt), asc(blockerWaivers.id)),
    db
      .select()
      .from(reviewIssues)
      .where(and(eq(reviewIssues.skuId, skuId), eq(reviewIssues.workspaceId, workspaceId)))
      .orderBy(asc(reviewIssues.createdAt), asc(reviewIssues.id)),
    listRevisionSummaries(db, { workspaceId, skuId }),
    skuEvents(db, { workspaceId, skuId, opts: { limit: 1000 } }),
  ]);

  const fields: ConfirmedField[] = values
    .filter((v) => v.status === 'confirmed')
    .map((v) => ({
      value_id: v.id,
      field_key: v.fieldKey,
      section: fieldDefinition(v.fieldKey)?.section ?? null,
      label: fieldLabel(v.fieldKey, 'en'),
      value: v.value,
      source: v.source,
      provenance: { ...(v.provenance ?? {}) },
      confidence: v.confidence,
      confirmed_by: v.decidedByLabel ?? v.createdByLabel,
      confirmed_at: (v.decidedAt ?? v.createdAt).toISOString(),
    }));

  const today = isoDay(now);
  const linkedDocs: LinkedDocument[] = docs.map(({ d, status, reason }) => ({
    row: d,
    linked_via: ['document_skus'],
    expired: Boolean(d.validUntil && d.validUntil < today),
    evidence_status: status,
    evidence_reason: reason,
  }));

  const ents: LinkedEntity[] = links
    .map((l) => ({ role: l.role, row: l.e, entity: serializeEntity(l.e) }))
    .sort((a, b) => ENTITY_ROLE_ORDER.indexOf(a.role) - ENTITY_ROLE_ORDER.indexOf(b.role));

  const byAction: Record<string, number> = {};
  for (const e of auditRows) byAction[e.action] = (byAction[e.action] ?? 0) + 1;

  return {
    workspace: ws ? { id: ws.id, name: ws.name, plan: ws.plan } : { id: workspaceId, name: '', plan: 'trial' },
    row,
    sku: serializeSku(row, evaluation.operator_role),
    status: skuStatus(row),
    evaluation,
    blockers: evaluation.blockers.map(toStoredBlocker),
    fields,
    open_suggestion_count: values.filter((v) => v.status === 'suggested').length,
    entities: ents,
    documents: linkedDocs,
    waivers: waiverRows.map(serializeWaiver),
    review_issues: issueRows.map(serializeReviewIssue),
    revisions,
    audit: {
      created_at: row.createdAt.toISOString(),
      review: {
        state: row.reviewState,
        completed_at: row.reviewCompletedAt?.toISOString() ?? null,
        completed_by: row.reviewCompletedBy,
      },
      approval: {
        state: row.approvalState,
        approved_at: row.approvedAt?.toISOString() ?? null,
        approved_by: row.approvedByLabel,
      },
      publications: revisions,
      event_count: auditRows.length,
      events_by_action: byAction,
      recent_events: auditRows
        .slice(0, 25)
        .map((e) => ({ action: e.action, actor: e.actor, at: e.created_at.toISOString(), data: e.data })),
    },
    generated_at: now.toISOString(),
  };
}

/** Address lines of an entity for outputs (street; postcode city; region), the country kept apart. */
export function entityAddressLines(e: Pick<EntityRow, 'street' | 'postalCode' | 'city' | 'region'>): string[] {
  const line2 = [e.postalCode, e.city].filter(Boolean).join(' ');
  return [e.street, line2, e.region].filter((l): l is string => Boolean(l && l.trim())).map((l) => l.trim());
}
