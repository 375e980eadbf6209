import { sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { documentSkus } from '@/lib/db/schema';
import { identifiersIn } from '@/lib/extract/facts';
import { linkedSkuIds } from './links';
import type { DocumentRow } from './rows';

/**
 * Documents find their SKUs: a document whose text states a SKU's GTIN (compared as GTIN-14, so
 * 4006381333931 and 04006381333931 are one code), its SKU code, or its confirmed model number is a
 * match for that SKU, with the evidence (what matched and the line it is on). A match by GTIN or SKU
 * code that is exact and unique (one SKU only, and the document linked to none) links the document
 * automatically, with an audit entry and an undo (the link remembers it was automatic; unlinking
 * removes it like any link). A model number alone only proposes: variants often share a model.
 */

export interface SkuMatch {
  sku_id: string;
  sku_code: string;
  product_name: string;
  evidence: { kind: 'gtin' | 'sku_code' | 'model_number'; value: string; quote: string | null }[];
}

/** Codes shorter than this, or without a digit, match too much ("A1", "BLUE") to count as evidence. */
const MIN_CODE = 4;
const MAX_TOKENS = 5000;

function quoteFor(text: string, needle: string): string | null {
  const upper = needle.toUpperCase();
  for (const line of text.split(/\r?\n|\f/)) {
    if (line.toUpperCase().includes(upper)) return line.replace(/\s+/g, ' ').trim().slice(0, 200);
  }
  return null;
}

function gtinQuote(text: string, gtin14: string): string | null {
  const bare = gtin14.replace(/^0+/, '');
  for (const line of text.split(/\r?\n|\f/)) {
    if (line.replace(/[\s-]/g, '').includes(bare)) return line.replace(/\s+/g, ' ').trim().slice(0, 200);
  }
  return null;
}

export async function findSkuMatches(
  db: Db,
  { workspaceId, text }: { workspaceId: string; text: string },
): Promise<SkuMatch[]> {
  if (!text) return [];
  const { gtins, tokens } = identifiersIn(text);
  const codes = [...tokens].filter((t) => t.length >= MIN_CODE).slice(0, MAX_TOKENS);
  const byId = new Map<string, SkuMatch>();
  const put = (r: { id: string; sku_code: string; product_name: string }, e: SkuMatch['evidence'][number]) => {
    let m = byId.get(r.id);
    if (!m) byId.set(r.id, (m = { sku_id: r.id, sku_code: r.sku_code, product_name: r.product_name, evidence: [] }));
    if (!m.evidence.some((x) => x.kind === e.kind && x.value === e.value)) m.evidence.push(e);
  };
  if (gtins.length) {
    const rows = await queryRows<{ id: string; sku_code: string; product_name: string; gtin: string }>(
      db,
      sql`SELECT id, sku_code, product_name, gtin FROM skus WHERE workspace_id = ${workspaceId} AND gtin IS NOT NULL AND lpad(gtin, 14, '0') = ANY(${sql.param(gtins)}::text[]) LIMIT 50`,
    );
    for (const r of rows) put(r, { kind: 'gtin', value: r.gtin, quote: gtinQuote(text, r.gtin.padStart(14, '0')) });
  }
  if (codes.length) {
    const rows = await queryRows<{ id: string; sku_code: string; product_name: string }>(
      db,
      sql`SELECT id, sku_code, product_name FROM skus WHERE workspace_id = ${workspaceId} AND upper(sku_code) = ANY(${sql.param(codes)}::text[]) LIMIT 50`,
    );
    for (const r of rows)
      if (/\d/.test(r.sku_code)) put(r, { kind: 'sku_code', value: r.sku_code, quote: quoteFor(text, r.sku_code) });
    const models = await queryRows<{ id: string; sku_code: string; product_name: string; value: string }>(
      db,
      sql`SELECT s.id, s.sku_code, s.product_name, v.value FROM dossier_values v JOIN skus s ON s.id = v.sku_id
          WHERE v.workspace_id = ${workspaceId} AND v.field_key = 'model_number' AND v.status = 'confirmed' AND v.superseded_at IS NULL
            AND upper(v.value) = ANY(${sql.param(codes)}::text[]) LIMIT 50`,
    );
    for (const r of models) put(r, { kind: 'model_number', value: r.value, quote: quoteFor(text, r.value) });
  }
  const rank = (m: SkuMatch) =>
    m.evidence.some((e) => e.kind === 'gtin') ? 0 : m.evidence.some((e) => e.kind === 'sku_code') ? 1 : 2;
  return [...byId.values()].sort(
    (a, b) => rank(a) - rank(b) || b.evidence.length - a.evidence.length || a.sku_code.localeCompare(b.sku_code),
  );
}

/** The match that may link itself: exact (GTIN or SKU code), unique, and the document not linked yet. */
export function autoLinkCandidate(matches: SkuMatch[]): SkuMatch | null {
  const strong = matches.filter((m) => m.evidence.some((e) => e.kind === 'gtin' || e.kind === 'sku_code'));
  if (strong.length !== 1) return null;
  // A GTIN of one SKU and the code of another: not unique.
  return matches.length === 1 ||
    matches.every((m) => m === strong[0] || !m.evidence.some((e) => e.kind !== 'model_number'))
    ? strong[0]
    : null;
}

/** Links a document to the one SKU its text identifies; returns the SKU id, or null when nothing was linked. */
export async function autoLinkDocument(
  db: Db,
  args: { row: DocumentRow; actor: Actor; matches: SkuMatch[] },
): Promise<string | null> {
  const { row } = args;
  if ((await linkedSkuIds(db, { row })).length) return null;
  const match = autoLinkCandidate(args.matches);
  if (!match) return null;
  const evidence = match.evidence.filter((e) => e.kind !== 'model_number');
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const inserted = await t
      .insert(documentSkus)
      .values({
        workspaceId: row.workspaceId,
        documentId: row.id,
        skuId: match.sku_id,
        linkSource: 'auto',
        linkOrigin: 'extraction',
        linkEvidence: evidence,
      })
      .onConflictDoNothing()
      .returning({ id: documentSkus.documentId });
    if (!inserted.length) return null;
    await recordAudit(t, {
      workspaceId: row.workspaceId,
      actor: args.actor,
      action: 'document.auto_linked',
      targetType: 'document',
      targetId: row.id,
      data: {
        filename: row.filename,
        sku_id: match.sku_id,
        sku_code: match.sku_code,
        evidence,
        undo: { method: 'DELETE', path: `/api/documents/${row.id}/skus/${match.sku_id}` },
      },
    });
    return match.sku_id;
  });
}
