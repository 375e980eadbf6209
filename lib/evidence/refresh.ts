import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { recordAuditMany, type AuditEntry } from '@/lib/audit';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import {
  documentExtractions,
  documents,
  documentSkus,
  dossierValues,
  entities,
  skuEntities,
  skus,
  type EvidenceStatus,
} from '@/lib/db/schema';
import { decideEvidenceStatus, IDENTITY_FIELDS, type DocumentFact, type EvidenceDecision } from './status';
import { findSkuMatches } from './sku-matching';

/**
 * Keeps the stored evidence status of a SKU's document links in step with the rule
 * (lib/evidence/status.ts). Runs at the start of every re-evaluation of the SKU (recomputeSku),
 * which every change that can move the answer already triggers: a link, an extraction, a person's
 * decision on the link or on the document's suggestions, a change of the SKU's model, maker or GTIN.
 * A status the rule changes by itself is audited (actor "Evidence rule").
 */

const RULE_ACTOR: Actor = { userId: null, apiKeyId: null, label: 'Evidence rule' };

export interface LinkEvidence {
  document_id: string;
  sku_id: string;
  status: EvidenceStatus;
  decision: EvidenceDecision;
}

/** The SKU's identity as the rule compares it: code, GTIN, confirmed model and maker (field or entity). */
async function skuIdentity(db: Db, workspaceId: string, skuId: string) {
  const [sku] = await db
    .select({ code: skus.skuCode, name: skus.productName, gtin: skus.gtin })
    .from(skus)
    .where(and(eq(skus.id, skuId), eq(skus.workspaceId, workspaceId)));
  if (!sku) return null;
  const [values, makers] = await Promise.all([
    db
      .select({ key: dossierValues.fieldKey, value: dossierValues.value })
      .from(dossierValues)
      .where(
        and(
          eq(dossierValues.skuId, skuId),
          eq(dossierValues.status, 'confirmed'),
          isNull(dossierValues.supersededAt),
          inArray(dossierValues.fieldKey, [...IDENTITY_FIELDS]),
        ),
      ),
    db
      .select({ name: entities.name })
      .from(skuEntities)
      .innerJoin(entities, eq(entities.id, skuEntities.entityId))
      .where(and(eq(skuEntities.skuId, skuId), eq(skuEntities.role, 'manufacturer'))),
  ]);
  const field = (k: string) => values.find((v) => v.key === k)?.value ?? null;
  return {
    sku_code: sku.code,
    product_name: sku.name,
    gtin: sku.gtin ?? field('gtin'),
    model_number: field('model_number'),
    manufacturer_name: field('manufacturer_name') ?? makers[0]?.name ?? null,
  };
}

/** Re-decides every link of the SKU (or the one to `documentId`); stores and audits what changed. */
export async function refreshSkuEvidence(
  db: Db,
  { workspaceId, skuId, opts = {} }: { workspaceId: string; skuId: string; opts?: { documentId?: string } },
): Promise<LinkEvidence[]> {
  const conditions = [eq(documentSkus.workspaceId, workspaceId), eq(documentSkus.skuId, skuId)];
  if (opts.documentId) conditions.push(eq(documentSkus.documentId, opts.documentId));
  const links = await db
    .select({ link: documentSkus, filename: documents.filename, text: documents.textCache })
    .from(documentSkus)
    .innerJoin(documents, eq(documents.id, documentSkus.documentId))
    .where(and(...conditions));
  if (!links.length) return [];
  const sku = await skuIdentity(db, workspaceId, skuId);
  if (!sku) return [];
  const docIds = links.map((l) => l.link.documentId);
  const [extractions, rejected] = await Promise.all([
    db
      .select({ documentId: documentExtractions.documentId, facts: documentExtractions.facts })
      .from(documentExtractions)
      .where(and(inArray(documentExtractions.documentId, docIds), eq(documentExtractions.status, 'completed')))
      .orderBy(desc(documentExtractions.createdAt), desc(documentExtractions.id)),
    db
      .select({
        documentId: sql<string>`${dossierValues.provenance}->>'document_id'`,
        field_key: dossierValues.fieldKey,
        value: dossierValues.value,
        by: dossierValues.decidedByLabel,
        at: dossierValues.decidedAt,
      })
      .from(dossierValues)
      .where(
        and(
          eq(dossierValues.skuId, skuId),
          eq(dossierValues.status, 'rejected'),
          eq(dossierValues.source, 'document_extraction'),
          inArray(dossierValues.fieldKey, [...IDENTITY_FIELDS]),
          sql`${dossierValues.provenance}->>'document_id' IN (${sql.join(
            docIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        ),
      ),
  ]);
  const factsOf = new Map<string, DocumentFact[]>();
  for (const e of extractions) {
    if (factsOf.has(e.documentId)) continue; // the latest completed extraction speaks for the document
    factsOf.set(
      e.documentId,
      (e.facts ?? [])
        .filter((f) => IDENTITY_FIELDS.includes(String(f.field_key) as (typeof IDENTITY_FIELDS)[number]))
        .map((f) => ({
          field_key: String(f.field_key),
          value: String(f.value ?? ''),
          quote: typeof f.quote === 'string' ? f.quote : null,
          page: typeof f.page === 'number' ? f.page : null,
        }))
        .filter((f) => f.value),
    );
  }

  const out: LinkEvidence[] = [];
  const audits: AuditEntry[] = [];
  const now = new Date();
  for (const { link, filename, text } of links) {
    const matches = text ? await findSkuMatches(db, { workspaceId, text }) : [];
    const own = matches.find((m) => m.sku_id === skuId);
    const decision = decideEvidenceStatus({
      origin: link.linkOrigin,
      person: link.personDecision
        ? {
            decision: link.personDecision,
            reason: link.personDecisionReason,
            by: link.personDecisionByLabel,
            at: (link.personDecisionAt ?? link.createdAt).toISOString(),
          }
        : null,
      extracted: factsOf.has(link.documentId),
      facts: factsOf.get(link.documentId) ?? [],
      mentions: own?.evidence ?? [],
      rejected_facts: rejected
        .filter((r) => r.documentId === link.documentId)
        .map((r) => ({ field_key: r.field_key, value: r.value, by: r.by, at: (r.at ?? now).toISOString() })),
      other_skus_named: matches
        .filter((m) => m.sku_id !== skuId)
        .flatMap((m) => m.evidence.slice(0, 1).map((e) => ({ sku_code: m.sku_code, value: e.value, quote: e.quote }))),
      sku,
    });
    out.push({ document_id: link.documentId, sku_id: skuId, status: decision.status, decision });
    const sameFacts = JSON.stringify(link.evidenceFacts ?? null) === JSON.stringify(decision.facts);
    if (
      link.evidenceStatus === decision.status &&
      link.evidenceReason === decision.reason &&
      link.evidenceReasonCode === decision.reason_code &&
      sameFacts
    )
      continue;
    const byPerson = decision.decided_by === 'person';
    const statusChanged = link.evidenceStatus !== decision.status;
    const written = await db
      .update(documentSkus)
      .set({
        evidenceStatus: decision.status,
        evidenceReason: decision.reason,
        evidenceReasonCode: decision.reason_code,
        evidenceReasonParams: decision.reason_params,
        evidenceFacts: decision.facts as unknown as Record<string, unknown>,
        // Who decided: kept when only the facts moved under the same conclusion.
        ...(statusChanged || link.evidenceReason !== decision.reason
          ? {
              decidedBy: byPerson && decision.by === link.personDecisionByLabel ? link.personDecisionBy : null,
              decidedByLabel: byPerson ? (decision.by ?? 'A person') : RULE_ACTOR.label,
              decidedAt: byPerson && decision.by === link.personDecisionByLabel ? (link.personDecisionAt ?? now) : now,
            }
          : {}),
      })
      // Compare-and-set: of two re-evaluations racing (an extraction and an edit), one records the change.
      .where(
        and(
          eq(documentSkus.documentId, link.documentId),
          eq(documentSkus.skuId, skuId),
          eq(documentSkus.evidenceStatus, link.evidenceStatus),
        ),
      )
      .returning({ id: documentSkus.documentId });
    if (written.length && statusChanged && !byPerson)
      audits.push({
        workspaceId,
        actor: RULE_ACTOR,
        action: 'document.evidence_status_changed',
        targetType: 'document',
        targetId: link.documentId,
        data: {
          filename,
          sku_id: skuId,
          sku_code: sku.sku_code,
          from: link.evidenceStatus,
          to: decision.status,
          reason: decision.reason,
          matches: decision.facts.matches,
          contradictions: decision.facts.contradictions,
        },
      });
  }
  if (audits.length) await recordAuditMany(db, { entries: audits });
  return out;
}
