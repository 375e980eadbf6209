/**
 * The passport at the public safety page's address: /p/{public_id}/passport (latest version) and
 * /p/{public_id}/passport/{version}. The public tier is open; higher tiers need a token
 * (lib/passports/access.ts). A withdrawn page's passports are gone (410) like the page.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { passports, type PassportFormat } from '@/lib/db/schema';
import { AppError } from '@/lib/http/errors';
import { findPublishedRevision } from '@/lib/publish/public-page';
import { normalizePublicId } from '@/lib/publish/public-page-id';
import { authorizePublicTier } from './access';
import { passportHtml, passportResponse, wantsHtml } from './render';
import { findPublicPassport, passportDocument } from './service';
import type { PassportTier } from './tiers';

/** Whether a public passport exists under this public id (the resolver links gs1:sustainabilityInfo only then). */
export async function hasPublicPassport(db: Db, publicId: string): Promise<boolean> {
  const id = normalizePublicId(publicId);
  if (!id) return false;
  const found = await findPublishedRevision(db, id);
  if (found.kind !== 'ok') return false;
  return (await findPublicPassport(db, id, null)) !== null;
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
  const found = await findPublishedRevision(db, args.publicId);
  if (found.kind === 'gone') throw new AppError('GONE', 'This product page and its passport were withdrawn.');
  if (found.kind !== 'ok') throw new AppError('NOT_FOUND', 'No published passport with this id.');
  const row = await findPublicPassport(db, found.publicId, args.version);
  if (!row || row.skuId !== found.skuId)
    throw new AppError(
      'NOT_FOUND',
      args.version ? `No passport version ${args.version}.` : 'This product has no passport yet.',
    );
  await authorizePublicTier(db, args.token, { workspaceId: row.workspaceId, skuId: row.skuId, tier: args.tier });
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
    title: `Product passport — ${found.snapshot.identification.product_name}`,
    jsonUrl: `${args.origin}${publicPassportPath(found.publicId, row.version)}${qs}`,
    versions: versions.map((v) => ({
      version: v.version,
      url: `${publicPassportPath(found.publicId, v.version)}${qs}`,
    })),
  });
}
