/**
 * Publishing a SKU: the checks that refuse it, the public id given on first publish, the picture
 * copied beforehand, then the revision, the passport version and the audit record in one transaction.
 */
import crypto from 'node:crypto';
import { recordAudit } from '@/lib/audit';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { dossierValues, publicPages, skuRevisions, skus } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { languageName } from '@/lib/i18n/languages';
import { compilePassport } from '@/lib/passports/service';
import { recomputeSku } from '@/lib/skus/evaluate';
import { loadSkuReadModel, type SkuReadModel } from '@/lib/skus/read-model';
import { assertGtinPublishable, lockGtin } from '@/lib/gtin-claims/ownership';
import { capturePicture } from './picture-capture';
import { generatePublicId } from './public-page-id';
import { buildRevisionSnapshot, publicDocumentsOf, publicPageUrl, type RevisionSnapshot } from './snapshot';

function openBlockersOf(model: SkuReadModel) {
  return model.blockers.filter((b) => b.severity === 'blocker' && !b.waived);
}

function assertPublishable(model: SkuReadModel) {
  if (model.row.approvalState !== 'approved') {
    throw new AppError('NOT_APPROVED', 'Only an approved SKU can be published; approve it first.', {
      details: { approval_state: model.row.approvalState },
    });
  }
  const open = openBlockersOf(model);
  if (open.length) {
    throw new AppError(
      'PUBLISH_BLOCKED',
      `The SKU has ${open.length} open blocker${open.length === 1 ? '' : 's'}: ${open.map((b) => b.code).join(', ')}.`,
      {
        details: {
          blockers: open.map((b) => ({ code: b.code, message: b.message, required_fields: b.required_fields ?? [] })),
        },
      },
    );
  }
}

export interface PublishArgs {
  workspaceId: string;
  actor: Actor;
  id: string;
  dryRun: boolean;
  /** Origin for public URLs (PUBLIC_APP_URL, else the request's origin). */
  baseUrl: string;
}

function safetyPage(snapshot: RevisionSnapshot, baseUrl: string) {
  const url = snapshot.public_url;
  const g = snapshot.identification.gtin14;
  return {
    public_id: snapshot.public_id,
    url,
    revision: snapshot.revision,
    qr_svg_url: `${url}/qr.svg`,
    qr_png_url: `${url}/qr.png`,
    gs1_digital_link: g ? `${baseUrl.replace(/\/+$/, '')}/01/${g}` : null,
    languages: snapshot.languages.map((code) => ({ code, name: languageName(code, 'en'), url: `${url}?lang=${code}` })),
    documents: snapshot.documents.map((d) => ({ id: d.id, name: d.name, type: d.type, url: d.url })),
    json_ld: snapshot.json_ld,
  };
}

/**
 * Publishes (or, with dryRun, describes publishing) the SKU: 409 NOT_APPROVED unless approved,
 * 409 PUBLISH_BLOCKED while blocker-severity blockers are open, 409 GTIN_CLAIMED_ELSEWHERE /
 * GTIN_PUBLISHED_ELSEWHERE when another workspace owns the GTIN (lib/gtin-claims/ownership). Answers the contract's
 * {output, public_url, revision, safety_page}.
 */
export async function publishSku(db: Db, args: PublishArgs) {
  const publicUrlOf = (publicId: string) => publicPageUrl(args.baseUrl, publicId);
  const pre = await loadSkuReadModel(db, { workspaceId: args.workspaceId, skuId: args.id });
  const nextRevision = (pre.revisions[0]?.revision ?? 0) + 1;

  if (args.dryRun) {
    let blocking_reason: { code: string; message: string; details?: unknown } | null = null;
    try {
      assertPublishable(pre);
      await assertGtinPublishable(db, { workspaceId: args.workspaceId, gtin: pre.row.gtin, publicUrlOf });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      blocking_reason = { code: e.code, message: e.message, details: e.details ?? null };
    }
    const publicUrl = pre.row.publicId ? publicPageUrl(args.baseUrl, pre.row.publicId) : null;
    const preview = buildRevisionSnapshot(pre, {
      public_id: pre.row.publicId ?? 'unassigned',
      revision: nextRevision,
      published_at: new Date().toISOString(),
      published_by: args.actor.label,
      base_url: args.baseUrl,
    });
    return {
      dry_run: true as const,
      can_publish: blocking_reason === null,
      blocking_reason,
      revision: nextRevision,
      public_id: pre.row.publicId,
      public_id_assigned_on_publish: pre.row.publicId === null,
      public_url: publicUrl,
      languages: preview.languages,
      public_documents: publicDocumentsOf(pre, publicUrl ?? '').map((d) => ({ id: d.id, name: d.name, type: d.type })),
      picture_source: preview.fields.product_image_url ?? null,
      // Whether the picture can be copied, found out now: a page published without it says so only afterwards.
      picture: preview.fields.product_image_url
        ? await capturePicture(preview.fields.product_image_url, args.workspaceId, pre.row.publicId ?? 'unassigned', {
            check: true,
          }).then((p) => ({
            source_url: p.source_url,
            copyable: p.captured,
            reason: p.captured ? null : p.reason,
          }))
        : null,
    };
  }

  try {
    assertPublishable(pre);
    // A GTIN another workspace owns is refused before anything is reserved (checked again under the lock below).
    await assertGtinPublishable(db, { workspaceId: args.workspaceId, gtin: pre.row.gtin, publicUrlOf });
  } catch (e) {
    // The stored blockers were stale (an expiry since approval): store what the check saw.
    if (e instanceof AppError && e.code === 'PUBLISH_BLOCKED')
      await recomputeSku(db, { workspaceId: args.workspaceId, skuId: args.id });
    throw e;
  }

  // Network I/O stays outside the transaction: the picture is fetched first, under a known public id.
  const publicId = pre.row.publicId ?? (await reservePublicId(db, args.workspaceId, args.id));
  const [img] = await db
    .select({ value: dossierValues.value })
    .from(dossierValues)
    .where(
      and(
        eq(dossierValues.skuId, args.id),
        eq(dossierValues.fieldKey, 'product_image_url'),
        eq(dossierValues.status, 'confirmed'),
        isNull(dossierValues.supersededAt),
      ),
    );
  const picture = img ? await capturePicture(img.value, args.workspaceId, publicId) : null;

  const result = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // One publication at a time per SKU: the row lock orders concurrent publishes.
    await t.execute(sql`SELECT id FROM skus WHERE id = ${args.id} AND workspace_id = ${args.workspaceId} FOR UPDATE`);
    const model = await loadSkuReadModel(t, { workspaceId: args.workspaceId, skuId: args.id });
    assertPublishable(model);
    // Two workspaces publishing one GTIN at once: the lock orders them, the second is refused.
    await lockGtin(t, { gtin: model.row.gtin });
    await assertGtinPublishable(t, { workspaceId: args.workspaceId, gtin: model.row.gtin, publicUrlOf });
    const [{ n }] = await t
      .select({ n: sql<number>`coalesce(max(${skuRevisions.revision}), 0)::int` })
      .from(skuRevisions)
      .where(eq(skuRevisions.skuId, args.id));
    const revision = Number(n) + 1;
    const publishedAt = new Date();
    const snapshot = buildRevisionSnapshot(model, {
      public_id: publicId,
      revision,
      published_at: publishedAt.toISOString(),
      published_by: args.actor.label,
      base_url: args.baseUrl,
      picture,
    });
    await t.insert(skuRevisions).values({
      workspaceId: args.workspaceId,
      skuId: args.id,
      revision,
      snapshot: snapshot as unknown as Record<string, unknown>,
      publishedBy: args.actor.userId,
      publishedByLabel: args.actor.label,
      publishedAt,
    });
    await t.update(skus).set({ publicId, publishedRevision: revision, publishedAt }).where(eq(skus.id, args.id));
    // The passport version of this revision, from the same approved read model (issue 37).
    await compilePassport(t, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      model,
      revision,
      publicId,
      publishedAt: publishedAt.toISOString(),
      baseUrl: args.baseUrl,
    });
    await recordAudit(t, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'sku.published',
      targetType: 'sku',
      targetId: args.id,
      data: {
        revision,
        public_id: publicId,
        public_url: snapshot.public_url,
        languages: snapshot.languages,
        documents: snapshot.documents.map((d) => d.id),
        picture_captured: picture?.captured ?? null,
      },
    });
    return snapshot;
  });

  const digest = crypto.createHash('sha256').update(JSON.stringify(result)).digest('hex');
  return {
    output: {
      public_id: result.public_id,
      revision: result.revision,
      published_at: result.published_at,
      published_by: result.published_by,
      languages: result.languages,
      document_count: result.documents.length,
      picture: result.picture
        ? {
            captured: result.picture.captured,
            source_url: result.picture.source_url,
            ...(result.picture.captured ? {} : { reason: result.picture.reason }),
          }
        : null,
      snapshot_sha256: digest,
    },
    public_url: result.public_url,
    revision: result.revision,
    safety_page: safetyPage(result, args.baseUrl),
  };
}

/**
 * Gives the SKU its public id on first publish: a public_pages row (which outlives the SKU, so a
 * deleted product answers 410) and the id on the SKU. Retries on the (unlikely) collision.
 */
async function reservePublicId(db: Db, workspaceId: string, skuId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await t
      .select({ publicId: skus.publicId })
      .from(skus)
      .where(and(eq(skus.id, skuId), eq(skus.workspaceId, workspaceId)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', 'SKU not found.');
    if (row.publicId) return row.publicId;
    for (let attempt = 0; attempt < 8; attempt++) {
      const candidate = generatePublicId();
      const inserted = await t
        .insert(publicPages)
        .values({ publicId: candidate, workspaceId, skuId })
        .onConflictDoNothing()
        .returning({ id: publicPages.publicId });
      if (inserted.length) {
        await t.update(skus).set({ publicId: candidate }).where(eq(skus.id, skuId));
        return candidate;
      }
    }
    throw new Error('could not allocate a public id');
  });
}
