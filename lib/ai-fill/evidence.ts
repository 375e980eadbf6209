import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { documentExtractions, documents, dossierValues, entities, skuEntities, skus } from '@/lib/db/schema';
import { fieldDefinition } from '@/lib/model/catalogue';
import { formatPostalAddress } from '@/lib/model/entity-view';
import { AppError } from '@/lib/errors';
import { mayBeAboutSku } from '@/lib/evidence/links';

/**
 * What an AI fill may look at for one SKU: the extracted text of its linked documents page by page
 * (the text cache the upload and extraction jobs keep: pages joined by form feeds), the facts already
 * extracted from them, its linked entities and its confirmed values. The prompt holds a bounded
 * selection of pages: those that mention the requested fields most, whole documents when they fit.
 */

export interface EvidenceDocument {
  /** the document's id; null for the product's web page */
  id: string | null;
  /** the web page's address (the product page); absent for documents */
  url?: string;
  /** short reference the model cites ("D1") */
  ref: string;
  filename: string;
  documentType: string;
  pages: string[];
}

export interface EvidenceFact {
  document_id: string;
  field_key: string;
  value: string;
  page: number | null;
  quote: string;
  confidence: number;
}

export interface EvidenceEntity {
  role: string;
  id: string;
  name: string;
  address: string | null;
  email: string | null;
  url: string | null;
}

export interface Evidence {
  sku: { id: string; sku_code: string; product_name: string; gtin: string | null; category_code: string };
  documents: EvidenceDocument[];
  facts: EvidenceFact[];
  entities: EvidenceEntity[];
  confirmed: Record<string, string>;
  /** open (unwaived) blockers' required fields without a confirmed value */
  missing: string[];
}

export async function gatherEvidence(
  db: Db,
  { workspaceId, skuId }: { workspaceId: string; skuId: string },
): Promise<Evidence> {
  const [sku] = await db
    .select()
    .from(skus)
    .where(and(eq(skus.id, skuId), eq(skus.workspaceId, workspaceId)));
  if (!sku) throw new AppError('NOT_FOUND', 'SKU not found.');
  const [docs, values, ents] = await Promise.all([
    db
      .select({
        id: documents.id,
        filename: documents.filename,
        documentType: documents.documentType,
        textCache: documents.textCache,
        createdAt: documents.createdAt,
      })
      .from(documents)
      .where(and(eq(documents.workspaceId, workspaceId), mayBeAboutSku(skuId)))
      .orderBy(documents.createdAt, documents.id),
    db
      .select({
        fieldKey: dossierValues.fieldKey,
        value: dossierValues.value,
        status: dossierValues.status,
        supersededAt: dossierValues.supersededAt,
      })
      .from(dossierValues)
      .where(eq(dossierValues.skuId, skuId)),
    db
      .select({ role: skuEntities.role, e: entities })
      .from(skuEntities)
      .innerJoin(entities, eq(entities.id, skuEntities.entityId))
      .where(and(eq(skuEntities.skuId, skuId), eq(skuEntities.workspaceId, workspaceId))),
  ]);
  const confirmed: Record<string, string> = {};
  for (const v of values) if (v.status === 'confirmed' && !v.supersededAt) confirmed[v.fieldKey] = v.value;

  const facts: EvidenceFact[] = [];
  if (docs.length) {
    const rows = await db
      .select({
        documentId: documentExtractions.documentId,
        facts: documentExtractions.facts,
        createdAt: documentExtractions.createdAt,
      })
      .from(documentExtractions)
      .where(
        inArray(
          documentExtractions.documentId,
          docs.map((d) => d.id),
        ),
      )
      .orderBy(desc(documentExtractions.createdAt));
    const seen = new Set<string>();
    for (const r of rows) {
      if (seen.has(r.documentId)) continue; // the latest extraction of each document
      seen.add(r.documentId);
      for (const f of r.facts) {
        if (typeof f.field_key !== 'string' || typeof f.value !== 'string') continue;
        facts.push({
          document_id: r.documentId,
          field_key: f.field_key,
          value: f.value,
          page: typeof f.page === 'number' ? f.page : null,
          quote: typeof f.quote === 'string' ? f.quote : '',
          confidence: typeof f.confidence === 'number' ? f.confidence : 0.5,
        });
      }
    }
  }

  const missing = new Set<string>();
  for (const b of sku.blockers) {
    if (b.waived) continue;
    for (const f of b.required_fields ?? []) if (!confirmed[f] && fieldDefinition(f)) missing.add(f);
  }

  return {
    sku: {
      id: sku.id,
      sku_code: sku.skuCode,
      product_name: sku.productName,
      gtin: sku.gtin,
      category_code: sku.categoryCode,
    },
    documents: docs.map((d, i) => ({
      id: d.id,
      ref: `D${i + 1}`,
      filename: d.filename,
      documentType: d.documentType,
      pages: d.textCache ? d.textCache.split('\f') : [],
    })),
    facts,
    entities: ents.map(({ role, e }) => ({
      role,
      id: e.id,
      name: e.name,
      address: formatPostalAddress(e),
      email: e.email,
      url: e.contactUrl,
    })),
    confirmed,
    missing: [...missing],
  };
}

// Words that tell a page is about a field, in the five UI languages. Keys are field keys or their
// entity role / base.
const HINTS: Record<string, string[]> = {
  manufacturer: ['manufacturer', 'hersteller', 'fabricant', 'fabricante', 'fabbricante', 'produced by', 'made by'],
  importer: ['importer', 'importeur', 'importateur', 'importador', 'importatore', 'imported by'],
  responsible_person: [
    'responsible person',
    'verantwortliche person',
    'authorised representative',
    'bevollmächtigt',
    'mandataire',
    'persona responsabile',
  ],
  harmonised_standards: ['en ', 'standard', 'norm', 'iso '],
  applicable_legislation: [
    'directive',
    'regulation',
    'richtlinie',
    'verordnung',
    'directiva',
    'règlement',
    '/eu',
    '/ec',
  ],
  model_number: ['model', 'type', 'modell', 'typ', 'référence', 'modelo', 'modello'],
  gtin: ['ean', 'gtin', 'upc', 'barcode'],
  hs_code: ['hs code', 'tariff', 'zolltarif', 'customs', 'taric', 'cn code'],
  country_of_origin: ['made in', 'origin', 'ursprung', 'hergestellt in', 'fabriqué en'],
  doc_issue_date: ['date', 'datum', 'issued', 'place and date', 'fait à'],
  certificate_valid_until: ['valid', 'gültig', 'expiry', 'valable'],
  safety_warnings: [
    'warning',
    'warnung',
    'avertissement',
    'caution',
    'achtung',
    'attention',
    'advertencia',
    'avvertenza',
  ],
  instructions: ['instructions', 'anleitung', 'mode d’emploi', 'instrucciones', 'istruzioni', 'use'],
  age_grading: ['age', 'years', 'months', 'jahre', 'monate', 'ans', 'mois', 'años', 'anni'],
  brand: ['brand', 'marke', 'marque', 'marca', 'trade mark', 'trademark'],
  ce_marking: ['ce marking', 'ce-kennzeichnung', 'marquage ce', ' ce '],
};

function hintsFor(fieldKey: string): string[] {
  const def = fieldDefinition(fieldKey);
  const base = def?.entity?.role ?? fieldKey.replace(/_(?:[a-z]{2})$/, '');
  const extra =
    def?.entity?.attribute === 'email'
      ? ['@', 'e-mail', 'email']
      : def?.entity?.attribute === 'address'
        ? ['str', 'street', 'road', 'address', 'anschrift', 'adresse']
        : [];
  return [...(HINTS[base] ?? HINTS[fieldKey] ?? base.split('_').filter((w) => w.length > 3)), ...extra];
}

export const PROMPT_LIMITS = { maxChars: 48_000, maxPageChars: 4_000 } as const;

export interface SelectedPage {
  doc: EvidenceDocument;
  page: number;
  text: string;
}

/**
 * The pages the prompt carries, within the budget: scored by how often they mention the requested
 * fields (declarations and first pages a little ahead), then put back in document and page order.
 */
export function selectPages(
  evidence: Evidence,
  fields: readonly string[],
  limits: { maxChars: number; maxPageChars: number } = PROMPT_LIMITS,
): { pages: SelectedPage[]; omitted: number } {
  const hints = [...new Set(fields.flatMap(hintsFor).map((h) => h.toLowerCase()))];
  const all: (SelectedPage & { score: number; order: number })[] = [];
  let order = 0;
  for (const doc of evidence.documents) {
    doc.pages.forEach((raw, i) => {
      const text = raw.trim();
      if (!text) return;
      const lower = text.toLowerCase();
      let score = 0;
      for (const h of hints) {
        let at = lower.indexOf(h);
        for (let n = 0; at >= 0 && n < 5; n++, at = lower.indexOf(h, at + h.length)) score++;
      }
      if (doc.documentType === 'declaration_of_conformity') score += 2;
      if (i === 0) score += 0.5;
      all.push({ doc, page: i + 1, text: text.slice(0, limits.maxPageChars), score, order: order++ });
    });
  }
  const byScore = [...all].sort((a, b) => b.score - a.score || a.order - b.order);
  const picked: typeof all = [];
  let used = 0;
  for (const p of byScore) {
    const cost = p.text.length + 40;
    if (used + cost > limits.maxChars) continue;
    picked.push(p);
    used += cost;
  }
  picked.sort((a, b) => a.order - b.order);
  return { pages: picked.map(({ doc, page, text }) => ({ doc, page, text })), omitted: all.length - picked.length };
}
