/**
 * Which published revision a GS1 Digital Link resolves to, under the ownership rule of
 * lib/gtin-claims/ownership: the owning workspace's oldest live page for the GTIN; nothing when the
 * owner (a verified claim) has not published it; an ambiguity (candidates, public data only) when
 * several workspaces published it and none holds a verified claim.
 */
import type { Db } from '@/lib/db/client';
import { gtinOwnership } from '@/lib/gtin-claims/ownership';
import { findPublishedRevision } from '@/lib/publish/public-page';
import type { RevisionSnapshot } from '@/lib/publish/snapshot';

export interface AmbiguityCandidate {
  public_url: string;
  product_name: string;
  brand: string | null;
}

export type Resolution =
  | { kind: 'ok'; publicId: string; snapshot: RevisionSnapshot; ownership: 'verified' | 'published' }
  | { kind: 'ambiguous'; candidates: AmbiguityCandidate[] }
  | { kind: 'not_found' };

export async function resolveGtin(db: Db, { gtin14 }: { gtin14: string }): Promise<Resolution> {
  const owner = await gtinOwnership(db, { gtin14 });
  if (owner.kind === 'none') return { kind: 'not_found' };
  if (owner.kind === 'ambiguous') {
    // One candidate per workspace (its oldest page), in the order they were first published.
    const seen = new Set<string>();
    const candidates: AmbiguityCandidate[] = [];
    for (const p of owner.publications) {
      if (seen.has(p.workspaceId)) continue;
      seen.add(p.workspaceId);
      const found = await findPublishedRevision(db, { rawPublicId: p.publicId });
      if (found.kind !== 'ok') continue;
      candidates.push({
        public_url: found.snapshot.public_url,
        product_name: found.snapshot.sku.product_name,
        brand: found.snapshot.fields.brand ?? null,
      });
    }
    return { kind: 'ambiguous', candidates };
  }
  for (const p of owner.publications) {
    const found = await findPublishedRevision(db, { rawPublicId: p.publicId });
    if (found.kind === 'ok')
      return { kind: 'ok', publicId: found.publicId, snapshot: found.snapshot, ownership: owner.kind };
  }
  return { kind: 'not_found' };
}
