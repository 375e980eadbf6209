/**
 * Who a GTIN belongs to. One rule, read by the resolver (/01/{gtin}) and by publishing:
 *
 * 1. A verified claim (a GS1 company prefix or the GTIN itself, verified by staff) decides: the GTIN
 *    belongs to that workspace, whoever else published it. Verification never lets two workspaces'
 *    verified claims overlap, so at most one workspace holds one.
 * 2. Without a verified claim, the workspaces with a live (published, not withdrawn) page for the GTIN:
 *    one → that workspace; several (data published before this rule existed) → ambiguous: the resolver
 *    shows a choice and redirects to neither; none → nobody.
 *
 * Pending claims do not move the resolver (anyone can file one), but they stop a workspace that has not
 * published the GTIN yet from publishing it (see assertGtinPublishable), and staff see them as disputes.
 */
import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { gtinClaims, publicPages, skus, type GtinClaimKind, type GtinClaimStatus } from '@/lib/db/schema';
import { gtin14 as validGtin14 } from '@/lib/gtin';
import { AppError } from '@/lib/errors';

/** GS1 company prefixes have 4 to 12 digits in GTIN-13 form (GS1 General Specifications 1.4.2). */
export const PREFIX_MIN = 4;
export const PREFIX_MAX = 12;

export interface ClaimRow {
  id: string;
  workspaceId: string;
  kind: GtinClaimKind;
  value: string;
  status: GtinClaimStatus;
}

/** The claim values that cover a GTIN-14: the GTIN itself and every prefix length of its GTIN-13 body. */
export function coveringClaimValues(gtin14: string): { gtin: string; prefixes: string[] } {
  const body = gtin14.slice(1); // the indicator digit is not part of the company prefix
  const prefixes: string[] = [];
  for (let n = PREFIX_MIN; n <= PREFIX_MAX; n++) prefixes.push(body.slice(0, n));
  return { gtin: gtin14, prefixes };
}

/** Whether a claim covers a GTIN-14. */
export function claimCovers(claim: { kind: GtinClaimKind; value: string }, gtin14: string): boolean {
  return claim.kind === 'gtin' ? claim.value === gtin14 : gtin14.slice(1).startsWith(claim.value);
}

/** Whether two claims share at least one GTIN. */
export function claimsOverlap(a: { kind: GtinClaimKind; value: string }, b: { kind: GtinClaimKind; value: string }) {
  if (a.kind === 'gtin' && b.kind === 'gtin') return a.value === b.value;
  if (a.kind === 'gtin') return claimCovers(b, a.value);
  if (b.kind === 'gtin') return claimCovers(a, b.value);
  return a.value.startsWith(b.value) || b.value.startsWith(a.value);
}

/** The spellings a stored GTIN of this number can have (14 digits, or 13/12/8 without leading zeros). */
export function gtinSpellings(gtin14: string): string[] {
  const out = new Set([gtin14]);
  for (const len of [13, 12, 8]) {
    const cut = gtin14.length - len;
    if (/^0*$/.test(gtin14.slice(0, cut))) out.add(gtin14.slice(cut));
  }
  return [...out];
}

/** Pending and verified claims (of any workspace) that cover a GTIN-14. */
export async function claimsCovering(db: Db, { gtin14 }: { gtin14: string }): Promise<ClaimRow[]> {
  const { gtin, prefixes } = coveringClaimValues(gtin14);
  const rows = await db
    .select({
      id: gtinClaims.id,
      workspaceId: gtinClaims.workspaceId,
      kind: gtinClaims.kind,
      value: gtinClaims.value,
      status: gtinClaims.status,
    })
    .from(gtinClaims)
    .where(and(inArray(gtinClaims.value, [gtin, ...prefixes]), ne(gtinClaims.status, 'rejected')));
  return rows.filter((r) => claimCovers(r, gtin14));
}

export interface LivePublication {
  workspaceId: string;
  skuId: string;
  publicId: string;
  /** When the public page (the id) was first published. */
  firstPublishedAt: Date;
}

/** Live public pages (published, not withdrawn) of SKUs with this GTIN, oldest first, in every workspace. */
export async function livePublicationsOf(db: Db, { gtin14 }: { gtin14: string }): Promise<LivePublication[]> {
  const rows = await db
    .select({
      workspaceId: skus.workspaceId,
      skuId: skus.id,
      publicId: publicPages.publicId,
      firstPublishedAt: publicPages.createdAt,
    })
    .from(skus)
    .innerJoin(publicPages, eq(publicPages.publicId, skus.publicId))
    .where(
      and(
        inArray(skus.gtin, gtinSpellings(gtin14)),
        isNotNull(skus.publishedRevision),
        isNull(publicPages.withdrawnAt),
      ),
    )
    .orderBy(publicPages.createdAt, publicPages.publicId);
  return rows;
}

export type GtinOwnership =
  | { kind: 'verified'; workspaceId: string; claim: ClaimRow; publications: LivePublication[] }
  | { kind: 'published'; workspaceId: string; publications: LivePublication[] }
  | { kind: 'ambiguous'; publications: LivePublication[] }
  | { kind: 'none' };

/** The rule above, for one GTIN-14. `publications` are the owner's own (oldest first), or all when ambiguous. */
export async function gtinOwnership(db: Db, { gtin14 }: { gtin14: string }): Promise<GtinOwnership> {
  const [claims, pubs] = await Promise.all([claimsCovering(db, { gtin14 }), livePublicationsOf(db, { gtin14 })]);
  const verified = claims.find((c) => c.status === 'verified');
  if (verified)
    return {
      kind: 'verified',
      workspaceId: verified.workspaceId,
      claim: verified,
      publications: pubs.filter((p) => p.workspaceId === verified.workspaceId),
    };
  const workspaces = new Set(pubs.map((p) => p.workspaceId));
  if (workspaces.size === 0) return { kind: 'none' };
  if (workspaces.size === 1) return { kind: 'published', workspaceId: pubs[0].workspaceId, publications: pubs };
  return { kind: 'ambiguous', publications: pubs };
}

const claimDetail = (c: ClaimRow) => ({ kind: c.kind, value: c.value, status: c.status });

/**
 * Refuses publishing a SKU whose GTIN belongs to another workspace (409, never a silent redirect later):
 * - another workspace's verified claim covers it → GTIN_CLAIMED_ELSEWHERE, unless this workspace's
 *   verified claim does (verification keeps those apart, so that cannot be both);
 * - without a verified claim of ours: another workspace published it before us → GTIN_PUBLISHED_ELSEWHERE;
 *   another workspace claims it (pending) and we have not published it yet → GTIN_CLAIMED_ELSEWHERE.
 * A GTIN with a wrong check digit never resolves and is not checked. Run it inside the publishing
 * transaction after `lockGtin`, so two workspaces publishing one GTIN at once are ordered.
 */
export async function assertGtinPublishable(
  db: Db,
  args: { workspaceId: string; gtin: string | null; publicUrlOf?: (publicId: string) => string },
): Promise<void> {
  const g = args.gtin ? validGtin14(args.gtin) : null;
  if (!g) return;
  const claims = await claimsCovering(db, { gtin14: g });
  if (claims.some((c) => c.workspaceId === args.workspaceId && c.status === 'verified')) return;
  const otherVerified = claims.find((c) => c.workspaceId !== args.workspaceId && c.status === 'verified');
  if (otherVerified)
    throw new AppError(
      'GTIN_CLAIMED_ELSEWHERE',
      `GTIN ${g} belongs to another workspace: its ${otherVerified.kind === 'prefix' ? `GS1 company prefix ${otherVerified.value}` : 'GTIN'} claim was verified. This SKU cannot be published with it.`,
      { details: { gtin: g, conflict: 'claimed_elsewhere', claim: claimDetail(otherVerified) } },
    );
  const pubs = await livePublicationsOf(db, { gtin14: g });
  const mine = pubs.find((p) => p.workspaceId === args.workspaceId);
  const firstOther = pubs.find((p) => p.workspaceId !== args.workspaceId);
  if (firstOther && (!mine || firstOther.firstPublishedAt < mine.firstPublishedAt))
    throw new AppError(
      'GTIN_PUBLISHED_ELSEWHERE',
      `GTIN ${g} is already published by another workspace (${args.publicUrlOf?.(firstOther.publicId) ?? `/p/${firstOther.publicId}`}); its Digital Link resolves there. Publishing the same GTIN here is refused; if the code is yours, claim it under Settings → GTIN ownership for staff to verify.`,
      {
        details: {
          gtin: g,
          conflict: 'published_elsewhere',
          public_url: args.publicUrlOf?.(firstOther.publicId) ?? `/p/${firstOther.publicId}`,
        },
      },
    );
  const otherPending = claims.find((c) => c.workspaceId !== args.workspaceId && c.status === 'pending');
  if (otherPending && !mine)
    throw new AppError(
      'GTIN_CLAIMED_ELSEWHERE',
      `GTIN ${g} is claimed by another workspace (${otherPending.kind === 'prefix' ? `GS1 company prefix ${otherPending.value}` : 'the GTIN itself'}, awaiting verification). Publishing it here is refused until staff decide; if the code is yours, claim it too.`,
      { details: { gtin: g, conflict: 'claimed_elsewhere', claim: claimDetail(otherPending) } },
    );
}

/** Orders concurrent publications and claim decisions of one GTIN (a transaction-scoped advisory lock). */
export async function lockGtin(db: Db, { gtin }: { gtin: string | null }): Promise<void> {
  const g = gtin ? validGtin14(gtin) : null;
  if (!g) return;
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`gtin:${g}`}))`);
}
