import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import {
  blockerWaivers,
  documentExtractions,
  documents,
  documentSkus,
  dossierValues,
  entities,
  reviewIssues,
  skuEntities,
  skuHeldBy,
  skus,
  workspaces,
} from '@/lib/db/schema';
import type { DocumentInput, EntityInput, RequirementInput } from '@/lib/requirements';
import { describeIdentity, type EvidenceFacts } from '@/lib/evidence/status';
import { confirmedFacts } from '@/lib/evidence/value-conflicts';
import { currencyOfStoredDocument, latestFactsByDocument } from '@/lib/currency/document-facts';

/** Both identities of a document about another product, in words, for its blocker. */
function identitiesInWords(reason: string | null, facts: Record<string, unknown> | null) {
  const f = facts as Partial<EvidenceFacts> | null;
  // The rule's "says X; is Y" is only shown when the document stated something of its identity.
  const said = f?.document_identity && Object.values(f.document_identity).some(Boolean);
  return {
    reason,
    ...(said && f?.sku_identity
      ? { document_says: describeIdentity(f.document_identity!), sku_is: describeIdentity(f.sku_identity) }
      : {}),
  };
}

const PO_BOX_RE =
  /\b(p\.?\s?o\.?\s?box|postfach|bo[iî]te postale|apartado( de correos)?|casella postale|postbus|skrytka pocztowa)\b/i;

/** Everything the requirement engine looks at, loaded from the database for one SKU. */
export async function loadRequirementInput(
  db: Db,
  { workspaceId, skuId }: { workspaceId: string; skuId: string },
): Promise<RequirementInput> {
  const [sku] = await db
    .select()
    .from(skus)
    .where(and(eq(skus.id, skuId), eq(skus.workspaceId, workspaceId)));
  if (!sku) throw new Error('sku not found');
  const [values, ents, docs, issues, waivers, heldBy, [role]] = await Promise.all([
    db
      .select()
      .from(dossierValues)
      .where(and(eq(dossierValues.skuId, skuId), isNull(dossierValues.supersededAt))),
    db
      .select({ role: skuEntities.role, e: entities })
      .from(skuEntities)
      .innerJoin(entities, eq(entities.id, skuEntities.entityId))
      .where(eq(skuEntities.skuId, skuId)),
    db
      .select({
        d: documents,
        status: documentSkus.evidenceStatus,
        reason: documentSkus.evidenceReason,
        facts: documentSkus.evidenceFacts,
      })
      .from(documentSkus)
      .innerJoin(documents, eq(documents.id, documentSkus.documentId))
      .where(and(eq(documentSkus.workspaceId, workspaceId), eq(documentSkus.skuId, skuId))),
    db
      .select()
      .from(reviewIssues)
      .where(and(eq(reviewIssues.skuId, skuId), eq(reviewIssues.status, 'open'))),
    db
      .select()
      .from(blockerWaivers)
      .where(and(eq(blockerWaivers.skuId, skuId), isNull(blockerWaivers.revokedAt))),
    db
      .select()
      .from(skuHeldBy)
      .where(and(eq(skuHeldBy.skuId, skuId), eq(skuHeldBy.workspaceId, workspaceId))),
    sku.operatorRole
      ? Promise.resolve([{ role: sku.operatorRole }])
      : db.select({ role: workspaces.operatorRole }).from(workspaces).where(eq(workspaces.id, workspaceId)),
  ]);

  // A document suggestion that really disagrees with the confirmed value is an extraction conflict;
  // suggestions of a document that is about another product (or rejected as evidence) are not: that
  // document has its own blocker, and its facts say nothing about this SKU.
  const notEvidence = new Set(
    docs.filter((x) => x.status === 'about_another_product' || x.status === 'rejected').map((x) => x.d.id),
  );
  const { fields, conflicts } = confirmedFacts(
    values
      .filter((v) => !(v.source === 'document_extraction' && notEvidence.has(String(v.provenance?.document_id ?? ''))))
      .map((v) => ({ id: v.id, field_key: v.fieldKey, value: v.value, status: v.status, source: v.source })),
  );

  const references = new Map<string, string[]>();
  let latestFacts = new Map<string, Record<string, unknown>[]>();
  if (docs.length) {
    const ex = await db
      .select({
        documentId: documentExtractions.documentId,
        facts: documentExtractions.facts,
        createdAt: documentExtractions.createdAt,
      })
      .from(documentExtractions)
      .where(
        sql`${documentExtractions.documentId} IN (${sql.join(
          docs.map((x) => sql`${x.d.id}`),
          sql`, `,
        )})`,
      );
    for (const e of ex) {
      const refs = (e.facts ?? [])
        .filter((f) => f.field_key === 'harmonised_standards' || f.field_key === 'applicable_legislation')
        .flatMap((f) => String(f.value ?? '').split(/;\s*/))
        .filter(Boolean);
      if (refs.length) references.set(e.documentId, [...(references.get(e.documentId) ?? []), ...refs]);
    }
    latestFacts = latestFactsByDocument(ex);
  }

  const entityInputs: EntityInput[] = ents.map(({ role, e }) => ({
    id: e.id,
    role,
    name: e.name,
    country: e.country,
    has_postal_address: Boolean(e.street && e.city && (e.postalCode || e.country === 'IE')),
    has_electronic_address: Boolean(e.email || e.contactUrl),
    is_po_box: PO_BOX_RE.test(e.street ?? ''),
  }));
  const documentInputs: DocumentInput[] = docs.map(({ d, status, reason, facts }) => ({
    id: d.id,
    name: d.filename,
    type: d.documentType,
    valid_until: d.validUntil,
    references: references.get(d.id) ?? null,
    evidence_status: status,
    currency: currencyOfStoredDocument(d, latestFacts.get(d.id) ?? []).findings,
    ...(status === 'about_another_product' ? { evidence: identitiesInWords(reason, facts) } : {}),
  }));
  return {
    sku: {
      category_code: sku.categoryCode,
      gtin: sku.gtin,
      category_defaulted: sku.categoryDefaulted,
      category_text: sku.categoryText,
      category_source: sku.categoryMatch?.source ?? null,
      product_name: sku.productName,
    },
    fields,
    entities: entityInputs,
    documents: documentInputs,
    conflicts,
    review_issues: issues.map((i) => ({ id: i.id, message: i.message, field_key: i.fieldKey })),
    operator_role: role?.role ?? null,
    held_by: heldBy.map((h) => ({
      id: h.id,
      rule_id: h.ruleId,
      entity_id: h.entityId,
      confirmed_by: h.confirmedByLabel,
      confirmed_at: h.confirmedAt.toISOString(),
      note: h.note,
    })),
    waivers: waivers.map((w) => ({
      code: w.blockerCode,
      reason: w.reason,
      by: w.waivedByLabel,
      at: w.waivedAt.toISOString(),
    })),
    profile_id: sku.requirementProfileId,
  };
}
