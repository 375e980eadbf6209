/**
 * Passports: compiled once per published revision (inside the publication's transaction, from the same
 * approved read model the revision froze), stored immutable with a document per format and access tier,
 * each as canonical JSON with its sha256; the version's content hash is the sha256 of those hashes.
 * Re-publishing makes the next version; older versions stay readable at their own URL.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { passports, type PassportBlocker, type PassportFormat } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import type { SkuReadModel } from '@/lib/skus/read-model';
import { getSkuRow } from '@/lib/skus/service';
import { batteryPassportApplies, buildBatteryPassport } from './battery';
import { canonicalJson, canonicalSha256 } from './canonical';
import { passportSourceOf } from './source';
import { project } from './tagged';
import { PASSPORT_TIERS, type PassportTier } from './tiers';
import { buildUntpPassport } from './untp';

type PassportRow = typeof passports.$inferSelect;

export const PASSPORT_FORMATS = ['untp_dpp', 'battery_pass'] as const satisfies readonly PassportFormat[];

export const FORMAT_MEDIA_TYPE: Record<PassportFormat, string> = {
  untp_dpp: 'application/ld+json',
  battery_pass: 'application/json',
};

export interface CompileArgs {
  workspaceId: string;
  actor: Actor;
  model: SkuReadModel;
  revision: number;
  publicId: string;
  publishedAt: string;
  baseUrl: string;
}

/** Compiles the tagged documents of every format that applies (pure; the caller stores them). */
export function compileDocuments(src: ReturnType<typeof passportSourceOf>) {
  const trees: Partial<Record<PassportFormat, unknown>> = { untp_dpp: buildUntpPassport(src) };
  const blockers: PassportBlocker[] = [];
  const notes: string[] = [];
  const battery = batteryPassportApplies(src);
  if (battery.applies) {
    const b = buildBatteryPassport(src);
    trees.battery_pass = b.tree;
    blockers.push(...b.blockers);
  } else if (battery.note) notes.push(battery.note);
  const documents: Record<string, Record<string, unknown>> = {};
  const hashes: Record<string, Record<string, string>> = {};
  for (const [format, tree] of Object.entries(trees)) {
    documents[format] = {};
    hashes[format] = {};
    for (const t of PASSPORT_TIERS) {
      const doc = project(tree, t);
      documents[format][t] = doc;
      hashes[format][t] = canonicalSha256(doc);
    }
  }
  return { formats: Object.keys(trees) as PassportFormat[], documents, hashes, blockers, notes };
}

/**
 * Writes the passport version of a revision that is being published. Call inside the publication's
 * transaction (pass the transaction as db): the SKU row is locked there, so versions never collide.
 */
export async function compilePassport(db: Db, args: CompileArgs) {
  const [last] = await db
    .select({ version: passports.version })
    .from(passports)
    .where(and(eq(passports.skuId, args.model.row.id), eq(passports.workspaceId, args.workspaceId)))
    .orderBy(desc(passports.version))
    .limit(1);
  const version = (last?.version ?? 0) + 1;
  const src = passportSourceOf(args.model, {
    base_url: args.baseUrl,
    public_id: args.publicId,
    version,
    revision: args.revision,
    published_at: args.publishedAt,
  });
  const compiled = compileDocuments(src);
  const [row] = await db
    .insert(passports)
    .values({
      workspaceId: args.workspaceId,
      skuId: args.model.row.id,
      version,
      revision: args.revision,
      publicId: args.publicId,
      formats: compiled.formats,
      documents: compiled.documents,
      documentHashes: compiled.hashes,
      contentSha256: canonicalSha256(compiled.hashes),
      blockers: compiled.blockers,
      compiledByLabel: args.actor.label,
    })
    .returning();
  return row;
}

export function passportUrls(baseUrl: string, row: Pick<PassportRow, 'publicId' | 'version' | 'formats'>) {
  const base = `${baseUrl.replace(/\/+$/, '')}/p/${row.publicId}/passport/${row.version}`;
  const out: Record<string, Record<string, string>> = {};
  for (const f of row.formats) {
    out[f] = {};
    for (const t of PASSPORT_TIERS) {
      const q = new URLSearchParams();
      if (f !== 'untp_dpp') q.set('format', f);
      if (t !== 'public') q.set('tier', t);
      out[f][t] = q.size ? `${base}?${q}` : base;
    }
  }
  return out;
}

export function serializePassport(row: PassportRow, baseUrl: string, latestVersion: number) {
  return {
    id: row.id,
    sku_id: row.skuId,
    version: row.version,
    revision: row.revision,
    latest: row.version === latestVersion,
    public_id: row.publicId,
    formats: row.formats,
    tiers: [...PASSPORT_TIERS],
    content_sha256: row.contentSha256,
    document_hashes: row.documentHashes,
    blockers: row.blockers,
    complete: row.blockers.length === 0,
    compiled_at: row.compiledAt.toISOString(),
    compiled_by: row.compiledByLabel,
    urls: passportUrls(baseUrl, row),
  };
}

/** GET /api/skus/{id}/passports: newest first. */
export async function listPassports(
  db: Db,
  { workspaceId, skuId, baseUrl }: { workspaceId: string; skuId: string; baseUrl: string },
) {
  await getSkuRow(db, { workspaceId, id: skuId });
  const rows = await db
    .select()
    .from(passports)
    .where(and(eq(passports.skuId, skuId), eq(passports.workspaceId, workspaceId)))
    .orderBy(desc(passports.version));
  const latest = rows[0]?.version ?? 0;
  return { passports: rows.map((r) => serializePassport(r, baseUrl, latest)) };
}

/** One version of a SKU's passport in the workspace (404 when the SKU or version is not there). */
export async function getPassportRow(
  db: Db,
  { workspaceId, skuId, version }: { workspaceId: string; skuId: string; version: number },
) {
  const [row] = await db
    .select()
    .from(passports)
    .where(and(eq(passports.skuId, skuId), eq(passports.workspaceId, workspaceId), eq(passports.version, version)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', `The SKU has no passport version ${version}.`);
  return row;
}

/** The latest (or the given) version published under a public id, across workspaces (public ids are global). */
export async function findPublicPassport(db: Db, { publicId, version }: { publicId: string; version: number | null }) {
  const rows = await db
    .select()
    .from(passports)
    .where(
      version === null
        ? eq(passports.publicId, publicId)
        : and(eq(passports.publicId, publicId), eq(passports.version, version)),
    )
    .orderBy(desc(passports.version))
    .limit(1);
  return rows[0] ?? null;
}

export interface PassportDocument {
  format: PassportFormat;
  tier: PassportTier;
  body: string;
  sha256: string;
  media_type: string;
  document: Record<string, unknown>;
}

/** The stored document of one format and tier, as the canonical bytes its hash was computed over. */
export function passportDocument(row: PassportRow, format: PassportFormat, t: PassportTier): PassportDocument {
  const doc = row.documents[format]?.[t] as Record<string, unknown> | undefined;
  if (!doc)
    throw new AppError('NOT_FOUND', `This passport has no ${format} document.`, {
      details: { formats: row.formats },
    });
  return {
    format,
    tier: t,
    body: canonicalJson(doc),
    sha256: row.documentHashes[format][t],
    media_type: FORMAT_MEDIA_TYPE[format],
    document: doc,
  };
}

export { canonicalJson };
