import { and, eq } from 'drizzle-orm';
import type { Metadata } from 'next';
import { getDb } from '@/lib/db/client';
import { documents, entities, importBatches, skus } from '@/lib/db/schema';
import { getT } from '@/lib/i18n/ui-locale';
import { pageMessages } from '@/lib/i18n/ui/pages';
import { getSession } from './session';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Kind = 'kind.sku' | 'kind.document' | 'kind.entity' | 'kind.import';

/**
 * Tab titles that name the thing ("ACME-001 · SKU · …"), read within the signed-in workspace only so a
 * link to another workspace's record never reveals its name. Falls back to the kind alone, which is in
 * the UI language.
 */
async function named(kindKey: Kind, id: string, read: (workspaceId: string) => Promise<string | undefined>) {
  const kind = (await getT(pageMessages))(kindKey);
  const session = await getSession();
  if (!session || !UUID.test(id)) return kind;
  const name = await read(session.workspace.id).catch(() => undefined);
  return name ? `${name} · ${kind}` : kind;
}

export async function skuTitle(id: string): Promise<Metadata> {
  return {
    title: await named('kind.sku', id, async (ws) => {
      const db = await getDb();
      const [r] = await db
        .select({ code: skus.skuCode })
        .from(skus)
        .where(and(eq(skus.id, id), eq(skus.workspaceId, ws)));
      return r?.code;
    }),
  };
}

export async function documentTitle(id: string): Promise<Metadata> {
  return {
    title: await named('kind.document', id, async (ws) => {
      const db = await getDb();
      const [r] = await db
        .select({ name: documents.filename })
        .from(documents)
        .where(and(eq(documents.id, id), eq(documents.workspaceId, ws)));
      return r?.name;
    }),
  };
}

export async function entityTitle(id: string): Promise<Metadata> {
  return {
    title: await named('kind.entity', id, async (ws) => {
      const db = await getDb();
      const [r] = await db
        .select({ name: entities.name })
        .from(entities)
        .where(and(eq(entities.id, id), eq(entities.workspaceId, ws)));
      return r?.name;
    }),
  };
}

export async function importTitle(id: string): Promise<Metadata> {
  return {
    title: await named('kind.import', id, async (ws) => {
      const db = await getDb();
      const [r] = await db
        .select({ name: importBatches.filename })
        .from(importBatches)
        .where(and(eq(importBatches.id, id), eq(importBatches.workspaceId, ws)));
      return r?.name;
    }),
  };
}
