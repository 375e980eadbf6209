import { and, desc, eq, ilike } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { documentExtractions, entities, skuEntities } from '@/lib/db/schema';
import { getDocumentRow } from '@/lib/documents/service';
import { linkedSkuIds } from '@/lib/evidence/links';
import { entityCandidatesOf, type EntityCandidate } from '@/lib/extract/facts';
import { AppError } from '@/lib/errors';
import { normalizeEntityName } from '@/lib/model/entity-names';
import { serializeEntity } from '@/lib/model/entity-view';
import { createEntity, linkEntity } from './service';
import { EntityInput, type ApplyCandidateInput, type CandidateRole } from './schemas';

/**
 * Entity candidates of a document: the manufacturer, importer and EU responsible person its latest
 * extraction found, with the address split into parts, the existing entities of the workspace with the
 * same name (legal-form spellings folded), and what the SKU has linked in that role. One call links the
 * existing entity or creates it from the candidate and links it to the SKU, like the import's entity
 * resolution, so no value is typed by hand.
 */

async function latestCandidates(db: Db, workspaceId: string, documentId: string): Promise<EntityCandidate[]> {
  const [ex] = await db
    .select({ facts: documentExtractions.facts })
    .from(documentExtractions)
    .where(and(eq(documentExtractions.workspaceId, workspaceId), eq(documentExtractions.documentId, documentId)))
    .orderBy(desc(documentExtractions.createdAt))
    .limit(1);
  const facts = (ex?.facts ?? []) as { field_key: string; value: string; page: number | null; quote: string }[];
  return entityCandidatesOf(facts.filter((f) => typeof f?.field_key === 'string' && typeof f?.value === 'string'));
}

async function sameNamed(db: Db, workspaceId: string, name: string) {
  const key = normalizeEntityName(name);
  const word =
    name
      .trim()
      .split(/\s+/)[0]
      ?.replace(/[%_\\]/g, '') ?? '';
  if (!key || word.length < 2) return [];
  const rows = await db
    .select()
    .from(entities)
    .where(and(eq(entities.workspaceId, workspaceId), ilike(entities.name, `%${word}%`)))
    .limit(100);
  return rows.filter((r) => normalizeEntityName(r.name) === key);
}

export async function listEntityCandidates(db: Db, args: { workspaceId: string; documentId: string; skuId?: string }) {
  const row = await getDocumentRow(db, { workspaceId: args.workspaceId, id: args.documentId });
  const skuId = args.skuId ?? (await linkedSkuIds(db, { row }))[0] ?? null;
  const links = skuId
    ? await db
        .select({ role: skuEntities.role, id: entities.id, name: entities.name })
        .from(skuEntities)
        .innerJoin(entities, eq(entities.id, skuEntities.entityId))
        .where(and(eq(skuEntities.workspaceId, args.workspaceId), eq(skuEntities.skuId, skuId)))
    : [];
  const out = [];
  for (const c of await latestCandidates(db, args.workspaceId, row.id)) {
    const matches = (await sameNamed(db, args.workspaceId, c.name)).map((e) => {
      const s = serializeEntity(e);
      return { id: s.id, name: s.name, country: s.country, postal_address: s.postal_address };
    });
    const link = links.find((l) => l.role === c.role);
    out.push({
      ...c,
      matches,
      linked: link
        ? { entity_id: link.id, name: link.name, same: normalizeEntityName(link.name) === normalizeEntityName(c.name) }
        : null,
    });
  }
  return { document_id: row.id, sku_id: skuId, candidates: out };
}

/** Links the existing entity, or creates the candidate as an entity, and links it to the SKU in the candidate's role. */
export async function applyEntityCandidate(
  db: Db,
  args: {
    workspaceId: string;
    actor: Actor;
    documentId: string;
    role: CandidateRole;
    input: ApplyCandidateInput;
  },
) {
  const row = await getDocumentRow(db, { workspaceId: args.workspaceId, id: args.documentId });
  const candidate = (await latestCandidates(db, args.workspaceId, row.id)).find((c) => c.role === args.role);
  if (!candidate) throw new AppError('NOT_FOUND', `The document names no ${args.role.replace('_', ' ')}.`);
  let entityId = args.input.entity_id ?? null;
  let created = false;
  if (args.input.action === 'create_new') {
    const parsed = EntityInput.safeParse({
      name: candidate.name,
      street: candidate.address?.street ?? null,
      postal_code: candidate.address?.postal_code?.slice(0, 20) ?? null,
      city: candidate.address?.city ?? null,
      region: candidate.address?.region ?? null,
      country: candidate.address?.country ?? null,
      email: candidate.email,
    });
    if (!parsed.success) {
      throw new AppError('VALIDATION_FAILED', 'The candidate cannot make an entity; create it in the entity form.', {
        details: { fields: parsed.error.issues.map((i) => ({ path: String(i.path[0] ?? ''), message: i.message })) },
      });
    }
    // A second click, or a concurrent one, finds the entity the first created instead of a duplicate.
    const existing = (await sameNamed(db, args.workspaceId, candidate.name))[0];
    if (existing) entityId = existing.id;
    else {
      entityId = (await createEntity(db, { workspaceId: args.workspaceId, actor: args.actor, input: parsed.data })).id;
      created = true;
    }
  }
  const linked = await linkEntity(db, {
    workspaceId: args.workspaceId,
    actor: args.actor,
    skuId: args.input.sku_id,
    role: args.role,
    entityId: entityId!,
  });
  return { created, ...linked };
}
