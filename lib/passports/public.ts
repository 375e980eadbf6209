/**
 * The passport at the public safety page's address: /p/{public_id}/passport (latest version) and
 * /p/{public_id}/passport/{version}. The public tier is open; higher tiers need a token
 * (lib/passports/access.ts). A withdrawn page's passports are gone (410) like the page.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { passports, publicPages, skus, type PassportFormat } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { authorizePublicTier } from './access';
import { passportHtml, passportResponse, wantsHtml } from './render';
import { findPublicPassport, passportDocument } from './service';
import type { PassportTier } from './tiers';

/**
 * The public page behind a public id, read here rather than through lib/publish (which compiles passports
 * when it publishes, so it sits above this slice): ok with its SKU, gone once withdrawn, or not found.
 */
async function publicPageOf(db: Db, rawId: string) {
  const publicId = rawId.trim().toLowerCase();
  if (!/^[0-9a-z]{6,40}$/.test(publicId)) return { kind: 'not_found' as const };
  const [page] = await db.select().from(publicPages).where(eq(publicPages.publicId, publicId));
  if (!page) return { kind: 'not_found' as const };
  if (page.withdrawnAt || !page.skuId) return { kind: 'gone' as const };
  const [sku] = await db
    .select({ id: skus.id, name: skus.productName, publishedRevision: skus.publishedRevision })
    .from(skus)
    .where(and(eq(skus.id, page.skuId), eq(skus.workspaceId, page.workspaceId), eq(skus.publicId, publicId)));
  if (!sku || sku.publishedRevision === null) return { kind: 'not_found' as const };
  return { kind: 'ok' as const, publicId, skuId: sku.id, productName: sku.name };
}

/** Whether a public passport exists under this public id (the resolver links gs1:sustainabilityInfo only then). */
export async function hasPublicPassport(db: Db, { publicId }: { publicId: string }): Promise<boolean> {
  const found = await publicPageOf(db, publicId);
  if (found.kind !== 'ok') return false;
  const row = await findPublicPassport(db, { publicId: found.publicId, version: null });
  return row !== null && row.skuId === found.skuId;
}

export const publicPassportPath = (publicId: string, version?: number) =>
  `/p/${publicId}/passport${version ? `/${version}` : ''}`;

export async function servePublicPassport(
  db: Db,
  args: {
    publicId: string;
    version: number | null;
    format: PassportFormat;
    tier: PassportTier;
    token: string | null;
    accept: string | null;
    origin: string;
  },
): Promise<Response> {
  const found = await publicPageOf(db, args.publicId);
  if (found.kind === 'gone') throw new AppError('GONE', 'This product page and its passport were withdrawn.');
  if (found.kind !== 'ok') throw new AppError('NOT_FOUND', 'No published passport with this id.');
  const row = await findPublicPassport(db, { publicId: found.publicId, version: args.version });
  if (!row || row.skuId !== found.skuId)
    throw new AppError(
      'NOT_FOUND',
      args.version ? `No passport version ${args.version}.` : 'This product has no passport yet.',
    );
  await authorizePublicTier(db, {
    token: args.token,
    target: { workspaceId: row.workspaceId, skuId: row.skuId, tier: args.tier },
  });
  const doc = passportDocument(row, args.format, args.tier);
  if (!wantsHtml(args.accept)) return passportResponse(doc, row, { cache: args.tier === 'public' });
  const versions = await db
    .select({ version: passports.version })
    .from(passports)
    .where(and(eq(passports.publicId, found.publicId), eq(passports.skuId, row.skuId)))
    .orderBy(desc(passports.version));
  const q = new URLSearchParams();
  if (args.format !== 'untp_dpp') q.set('format', args.format);
  if (args.tier !== 'public') q.set('tier', args.tier);
  const qs = q.size ? `?${q}` : '';
  return passportHtml(doc, row, {
    title: `Product passport — ${found.productName}`,
    jsonUrl: `${args.origin}${publicPassportPath(found.publicId, row.version)}${qs}`,
    versions: versions.map((v) => ({
      version: v.version,
      url: `${publicPassportPath(found.publicId, v.version)}${qs}`,
    })),
  });
}
