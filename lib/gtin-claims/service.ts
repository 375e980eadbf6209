/**
 * GTIN claims: a workspace claims its GS1 company prefixes or single GTINs (Settings → GTIN ownership);
 * staff (users with app_metadata.staff, lib/auth) verify or reject them and see disputes across
 * workspaces. What a claim changes is decided in ./ownership (the one rule the resolver and
 * publishing read).
 */
import { and, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { gtinClaims, publicPages, skus, workspaces, type GtinClaimKind } from '@/lib/db/schema';
import { checkGtin } from '@/lib/gtin';
import { AppError } from '@/lib/errors';
import { claimsOverlap, coveringClaimValues, gtinSpellings, lockGtin, PREFIX_MAX, PREFIX_MIN } from './ownership';
import type { CreateGtinClaimInput, GtinClaim, StaffGtinClaim } from './schemas';

type ClaimRecord = typeof gtinClaims.$inferSelect;

/**
 * The stored form of a claim: a prefix as its digits (GTIN-13 form), a GTIN as GTIN-14 with a valid
 * check digit. Refuses what cannot identify one company's products: restricted-circulation ranges
 * (02, 04, 20–29: in-store and variable-measure numbers, reused by every company) and the GTIN-8 range
 * (GTIN-8s are licensed one by one: claim them as GTINs).
 */
export function normalizeClaimValue(kind: GtinClaimKind, raw: string): string {
  const v = raw.replace(/[\s\-\u00a0]/g, '');
  const invalid = (reason: string, message: string) =>
    new AppError('GTIN_CLAIM_INVALID', message, { details: { reason, kind, value: raw.slice(0, 40) } });
  if (!/^\d+$/.test(v)) throw invalid('not_numeric', 'A GS1 company prefix or GTIN has digits only.');
  if (kind === 'gtin') {
    const c = checkGtin(v);
    if (!c.ok) throw invalid(c.problem, c.message);
    return c.value.padStart(14, '0');
  }
  if (v.length < PREFIX_MIN || v.length > PREFIX_MAX)
    throw invalid(
      'prefix_length',
      `A GS1 company prefix has ${PREFIX_MIN} to ${PREFIX_MAX} digits in GTIN-13 form (got ${v.length}); a U.S. UPC prefix is written with a leading 0.`,
    );
  if (v.startsWith('00000'))
    throw invalid('gtin8_range', 'Prefixes starting 00000 are the GTIN-8 range: claim each GTIN-8 on its own.');
  if (/^(02|04|2)/.test(v))
    throw invalid(
      'restricted_circulation',
      'Prefixes 02, 04 and 20–29 are restricted-circulation numbers (in-store and variable-measure codes), not a company prefix.',
    );
  return v;
}

/** Other workspaces' live claims that share a GTIN with this one. */
async function overlappingClaims(db: Db, claim: { workspaceId: string; kind: GtinClaimKind; value: string }) {
  const rows = await db
    .select()
    .from(gtinClaims)
    .where(
      and(
        ne(gtinClaims.workspaceId, claim.workspaceId),
        ne(gtinClaims.status, 'rejected'),
        claim.kind === 'gtin'
          ? inArray(gtinClaims.value, [claim.value, ...coveringClaimValues(claim.value).prefixes])
          : or(
              sql`${gtinClaims.value} LIKE ${`${claim.value}%`}`,
              inArray(
                gtinClaims.value,
                Array.from({ length: claim.value.length - PREFIX_MIN + 1 }, (_, i) =>
                  claim.value.slice(0, PREFIX_MIN + i),
                ),
              ),
              and(eq(gtinClaims.kind, 'gtin'), sql`substr(${gtinClaims.value}, 2) LIKE ${`${claim.value}%`}`),
            ),
      ),
    );
  return rows.filter((r) => claimsOverlap(r, claim));
}

/** Other workspaces' live publications of GTINs this claim covers (at most 50). */
async function publicationsElsewhere(db: Db, claim: { workspaceId: string; kind: GtinClaimKind; value: string }) {
  return db
    .select({ workspaceId: skus.workspaceId, gtin: skus.gtin, publicId: publicPages.publicId })
    .from(skus)
    .innerJoin(publicPages, eq(publicPages.publicId, skus.publicId))
    .where(
      and(
        ne(skus.workspaceId, claim.workspaceId),
        isNotNull(skus.publishedRevision),
        isNull(publicPages.withdrawnAt),
        claim.kind === 'gtin'
          ? inArray(skus.gtin, gtinSpellings(claim.value))
          : sql`${skus.gtin} ~ '^[0-9]{8,14}$' AND substr(lpad(${skus.gtin}, 14, '0'), 2) LIKE ${`${claim.value}%`}`,
      ),
    )
    .limit(50);
}

function serialize(r: ClaimRecord, disputed: boolean): GtinClaim {
  return {
    id: r.id,
    kind: r.kind,
    value: r.value,
    status: r.status,
    evidence: r.evidence,
    decided_at: r.decidedAt?.toISOString() ?? null,
    decision_note: r.decisionNote,
    created_at: r.createdAt.toISOString(),
    disputed,
  };
}

async function isDisputed(db: Db, r: ClaimRecord): Promise<boolean> {
  if (r.status === 'rejected') return false;
  if ((await overlappingClaims(db, r)).length > 0) return true;
  return (await publicationsElsewhere(db, r)).length > 0;
}

/** GET /api/workspace/gtin-claims: this workspace's claims, newest first. */
export async function listClaims(db: Db, { workspaceId }: { workspaceId: string }): Promise<GtinClaim[]> {
  const rows = await db
    .select()
    .from(gtinClaims)
    .where(eq(gtinClaims.workspaceId, workspaceId))
    .orderBy(desc(gtinClaims.createdAt))
    .limit(500);
  return Promise.all(rows.map(async (r) => serialize(r, await isDisputed(db, r))));
}

/**
 * POST /api/workspace/gtin-claims: files a claim (pending until staff decide). Refused when another
 * workspace's verified claim overlaps it (409 GTIN_CLAIM_CONFLICT, naming that claim's prefix or GTIN)
 * or this workspace already claims the same value (409 GTIN_CLAIM_EXISTS).
 */
export async function createClaim(
  db: Db,
  args: { workspaceId: string; actor: Actor; input: CreateGtinClaimInput },
): Promise<GtinClaim> {
  const value = normalizeClaimValue(args.input.kind, args.input.value);
  const claim = { workspaceId: args.workspaceId, kind: args.input.kind, value };
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const verified = (await overlappingClaims(t, claim)).find((c) => c.status === 'verified');
    if (verified)
      throw new AppError(
        'GTIN_CLAIM_CONFLICT',
        `Another workspace holds a verified claim on ${verified.kind === 'prefix' ? `GS1 company prefix ${verified.value}` : `GTIN ${verified.value}`}, which overlaps ${value}. Staff decide disputes: contact support with your GS1 licence.`,
        { details: { claim: { kind: verified.kind, value: verified.value, status: verified.status } } },
      );
    const [row] = await t
      .insert(gtinClaims)
      .values({
        workspaceId: args.workspaceId,
        kind: args.input.kind,
        value,
        evidence: args.input.evidence ?? null,
        createdBy: args.actor.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (!row)
      throw new AppError('GTIN_CLAIM_EXISTS', `This workspace already claims ${args.input.kind} ${value}.`, {
        details: { kind: args.input.kind, value },
      });
    await recordAudit(t, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'gtin_claim.created',
      targetType: 'gtin_claim',
      targetId: row.id,
      data: { kind: row.kind, value: row.value },
    });
    return serialize(row, await isDisputed(t, row));
  });
}

/** DELETE /api/workspace/gtin-claims/{id}: withdraws a claim (any status); another workspace's is 404. */
export async function deleteClaim(db: Db, args: { workspaceId: string; actor: Actor; id: string }) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await t
      .delete(gtinClaims)
      .where(and(eq(gtinClaims.id, args.id), eq(gtinClaims.workspaceId, args.workspaceId)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', 'GTIN claim not found.');
    await recordAudit(t, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'gtin_claim.withdrawn',
      targetType: 'gtin_claim',
      targetId: row.id,
      data: { kind: row.kind, value: row.value, status: row.status },
    });
    return { id: row.id, deleted: true as const };
  });
}

async function staffView(db: Db, r: ClaimRecord & { workspaceName: string }): Promise<StaffGtinClaim> {
  const [claims, pubs] = await Promise.all([overlappingClaims(db, r), publicationsElsewhere(db, r)]);
  const names = new Map<string, string>();
  const ids = [...new Set([...claims.map((c) => c.workspaceId), ...pubs.map((p) => p.workspaceId)])];
  if (ids.length)
    for (const w of await db
      .select({ id: workspaces.id, name: workspaces.name })
      .from(workspaces)
      .where(inArray(workspaces.id, ids)))
      names.set(w.id, w.name);
  const conflicts: StaffGtinClaim['conflicts'] = [
    ...claims.map((c) => ({
      kind: 'claim' as const,
      workspace_id: c.workspaceId,
      workspace_name: names.get(c.workspaceId) ?? '',
      claim_id: c.id,
      value: c.value,
      status: c.status,
      public_url: null,
    })),
    ...pubs.map((p) => ({
      kind: 'publication' as const,
      workspace_id: p.workspaceId,
      workspace_name: names.get(p.workspaceId) ?? '',
      claim_id: null,
      value: (p.gtin ?? '').padStart(14, '0'),
      status: null,
      public_url: `/p/${p.publicId}`,
    })),
  ];
  return {
    ...serialize(r, r.status !== 'rejected' && conflicts.length > 0),
    workspace_id: r.workspaceId,
    workspace_name: r.workspaceName,
    decided_by: r.decidedByLabel,
    conflicts,
  };
}

/** GET /api/staff/gtin-claims: claims of every workspace with their conflicts (staff only). */
export async function listClaimsForStaff(
  db: Db,
  args: { status: 'pending' | 'verified' | 'rejected' | 'disputed' | 'all' },
): Promise<StaffGtinClaim[]> {
  const rows = await db
    .select({ claim: gtinClaims, workspaceName: workspaces.name })
    .from(gtinClaims)
    .innerJoin(workspaces, eq(workspaces.id, gtinClaims.workspaceId))
    .where(args.status === 'all' || args.status === 'disputed' ? undefined : eq(gtinClaims.status, args.status))
    .orderBy(desc(gtinClaims.createdAt))
    .limit(500);
  const out = await Promise.all(rows.map((r) => staffView(db, { ...r.claim, workspaceName: r.workspaceName })));
  return args.status === 'disputed' ? out.filter((c) => c.disputed) : out;
}

/**
 * POST /api/staff/gtin-claims/{id}/decision: staff verify or reject a claim. Verifying is refused while
 * another workspace's verified claim overlaps it (reject that one first), so a GTIN never has two owners.
 * Audited in the claiming workspace.
 */
export async function decideClaim(
  db: Db,
  args: { actor: Actor; id: string; decision: 'verified' | 'rejected'; note?: string | null },
): Promise<StaffGtinClaim> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await t.select().from(gtinClaims).where(eq(gtinClaims.id, args.id)).for('update');
    if (!row) throw new AppError('NOT_FOUND', 'GTIN claim not found.');
    await lockGtin(t, { gtin: row.kind === 'gtin' ? row.value : null });
    if (args.decision === 'verified') {
      const verified = (await overlappingClaims(t, row)).find((c) => c.status === 'verified');
      if (verified)
        throw new AppError(
          'GTIN_CLAIM_CONFLICT',
          `Another workspace's verified claim (${verified.kind} ${verified.value}) overlaps this one; reject it first.`,
          { details: { claim: { id: verified.id, kind: verified.kind, value: verified.value, status: 'verified' } } },
        );
    }
    const [updated] = await t
      .update(gtinClaims)
      .set({
        status: args.decision,
        decidedBy: args.actor.userId,
        decidedByLabel: args.actor.label,
        decidedAt: new Date(),
        decisionNote: args.note ?? null,
      })
      .where(eq(gtinClaims.id, row.id))
      .returning();
    await recordAudit(t, {
      workspaceId: row.workspaceId,
      actor: args.actor,
      action: `gtin_claim.${args.decision}`,
      targetType: 'gtin_claim',
      targetId: row.id,
      data: { kind: row.kind, value: row.value, note: args.note ?? null },
    });
    const [ws] = await t.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, row.workspaceId));
    return staffView(t, { ...updated, workspaceName: ws?.name ?? '' });
  });
}
