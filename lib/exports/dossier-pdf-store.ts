/**
 * dossier.pdf rendered once per approved revision and kept. Rendering one costs a read model and a
 * font-subsetting PDF build (hundreds of milliseconds); a technical-file export of 5,000 SKUs did it
 * 5,000 times on every run. The bytes are stored content-addressed (<workspace>/dossier-pdf/<sha256>.pdf,
 * so identical PDFs are stored once), and the table dossier_pdfs says which stored PDF belongs to a
 * SKU's revision in a locale. The export, dossier.zip and anything else that shows the dossier PDF read
 * it from here.
 *
 * A revision is identified by a fingerprint of what the PDF shows, read for a whole batch in one
 * query: the approval (approved_at), the published revision, the last change of confirmed data, the
 * SKU row's last update (status, blockers), the document links and their evidence decisions, the
 * waivers, and the renderer's version. Any change gives a new key, so a stale PDF is never reused.
 * Only approved SKUs are kept: a draft changes all the time and is rendered on each request.
 * Not in the fingerprint: time itself (a document expiring after approval shows as it was at
 * rendering; the PDF carries its generation date).
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { dossierPdfs } from '@/lib/db/schema';
import type { BlobStore } from '@/lib/storage';
import { skuIdsInWorkspace } from '@/lib/skus/ids-in-workspace';

/** Bump when the PDF renderer's output changes: every kept PDF is then rendered again on first use. */
export const DOSSIER_PDF_RENDERER = 'dossier-pdf/2026-12-02'; // + the cover's "not checked by this workspace" notices

export interface DossierRevision {
  /** null: not approved, so not kept (rendered on each request). */
  revisionKey: string | null;
  /** The kept PDF of this revision and locale, when there is one. */
  kept: { storageKey: string; sha256: string; sizeBytes: number } | null;
}

/** The revision fingerprint and kept PDF of each SKU (ids of other workspaces are absent). */
export async function dossierRevisions(
  db: Db,
  { workspaceId, skuIds, locale }: { workspaceId: string; skuIds: readonly string[]; locale: string },
): Promise<Map<string, DossierRevision>> {
  const out = new Map<string, DossierRevision>();
  if (!skuIds.length) return out;
  const rows = await queryRows<{ id: string; approved: boolean; fp: string }>(
    db,
    sql`SELECT s.id, (s.approval_state = 'approved' AND s.approved_at IS NOT NULL) AS approved,
          concat_ws('|', s.approved_at::text, s.published_revision::text, s.data_changed_at::text, s.updated_at::text,
            (SELECT concat_ws(',', count(*)::text, max(greatest(l.created_at, l.decided_at, l.person_decision_at))::text,
                    string_agg(l.evidence_status, '' ORDER BY l.document_id))
               FROM document_skus l WHERE l.workspace_id = ${workspaceId} AND l.sku_id = s.id),
            (SELECT concat_ws(',', count(*)::text, max(greatest(w.waived_at, w.revoked_at))::text)
               FROM blocker_waivers w WHERE w.workspace_id = ${workspaceId} AND w.sku_id = s.id)) AS fp
        FROM skus s WHERE s.id = ANY(${skuIdsInWorkspace(workspaceId, skuIds)})`,
  );
  const keys = new Map<string, string>();
  for (const r of rows) {
    const key = r.approved
      ? crypto.createHash('sha256').update(`${DOSSIER_PDF_RENDERER}|${locale}|${r.fp}`).digest('hex')
      : null;
    out.set(r.id, { revisionKey: key, kept: null });
    if (key) keys.set(r.id, key);
  }
  if (keys.size) {
    const kept = await queryRows<{
      sku_id: string;
      revision_key: string;
      storage_key: string;
      sha256: string;
      size: number;
    }>(
      db,
      sql`SELECT sku_id, revision_key, storage_key, sha256, size_bytes::float8 AS size FROM dossier_pdfs
          WHERE workspace_id = ${workspaceId} AND locale = ${locale}
            AND (sku_id, revision_key) IN (SELECT * FROM unnest(${sql.param([...keys.keys()])}::uuid[], ${sql.param([...keys.values()])}::text[]))`,
    );
    for (const k of kept) {
      const rev = out.get(k.sku_id);
      if (rev && rev.revisionKey === k.revision_key)
        rev.kept = { storageKey: k.storage_key, sha256: k.sha256, sizeBytes: Number(k.size) };
    }
  }
  return out;
}

/** Stores a rendered PDF under its content address and records it as the revision's (idempotent). */
export async function keepDossierPdf(
  db: Db,
  {
    store,
    args,
  }: {
    store: BlobStore;
    args: { workspaceId: string; skuId: string; locale: string; revisionKey: string; pdf: Uint8Array };
  },
): Promise<void> {
  const sha256 = crypto.createHash('sha256').update(args.pdf).digest('hex');
  const storageKey = `${args.workspaceId}/dossier-pdf/${sha256}.pdf`;
  if (!(await store.exists(storageKey))) await store.put(storageKey, args.pdf, 'application/pdf');
  await db
    .insert(dossierPdfs)
    .values({
      workspaceId: args.workspaceId,
      skuId: args.skuId,
      locale: args.locale,
      revisionKey: args.revisionKey,
      sha256,
      storageKey,
      sizeBytes: args.pdf.byteLength,
    })
    .onConflictDoNothing();
}

/** The kept PDF's bytes, or null when its blob is gone (then it is rendered and kept again). */
export async function readKeptPdf(store: BlobStore, kept: DossierRevision['kept']): Promise<Uint8Array | null> {
  if (!kept) return null;
  try {
    return await store.getBytes(kept.storageKey);
  } catch {
    return null;
  }
}
