import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { entities, skuEntities, workspaces, type RequestItem } from '@/lib/db/schema';
import { getEntityRow } from '@/lib/entities/service';
import { AppError } from '@/lib/errors';
import type { Locale } from '@/lib/i18n';
import { getSkuRow } from '@/lib/skus/service';
import { itemsFromBlockers } from './items';
import { getRequestRow } from './rows';
import { serializeRequests } from './serialize';
import { localeForCountry, UPLOAD_LINK_PLACEHOLDER } from './templates';

/**
 * Supplier requests: what the operations share. A request with its timeline (getRequest), the SKU's
 * operators and the recipient chosen among them, what a draft and a sent request start from
 * (draftContext), the sender's name and the upload link put into a body. The operations have a file
 * each: draft.ts, send.ts, list.ts, status.ts (and bulk.ts, several SKUs at once).
 */

export async function getRequest(db: Db, { workspaceId, id }: { workspaceId: string; id: string }) {
  const [out] = await serializeRequests(db, { rows: [await getRequestRow(db, { workspaceId, id })] });
  return out;
}

interface Recipient {
  to: string | null;
  source: 'given' | 'entity' | 'manufacturer' | 'importer' | null;
  entity: typeof entities.$inferSelect | null;
}

/** The SKU's operators (any role), with their address and the language a mail to them is written in. */
export async function skuOperators(db: Db, { workspaceId, skuId }: { workspaceId: string; skuId: string }) {
  const links = await db
    .select({ role: skuEntities.role, e: entities })
    .from(skuEntities)
    .innerJoin(entities, eq(entities.id, skuEntities.entityId))
    .where(and(eq(skuEntities.skuId, skuId), eq(skuEntities.workspaceId, workspaceId)));
  const order = ['manufacturer', 'importer', 'authorised_representative', 'responsible_person'];
  return links.sort((a, b) => order.indexOf(a.role) - order.indexOf(b.role));
}

export async function resolveRecipient(
  db: Db,
  { workspaceId, skuId, given }: { workspaceId: string; skuId: string; given: { to?: string; entity_id?: string } },
): Promise<Recipient> {
  if (given.entity_id) {
    const entity = await getEntityRow(db, { workspaceId, id: given.entity_id });
    return {
      to: given.to ?? entity.email ?? null,
      source: given.to ? 'given' : entity.email ? 'entity' : null,
      entity,
    };
  }
  const links = await skuOperators(db, { workspaceId, skuId });
  if (given.to) {
    // A typed address is greeted as the operator it belongs to (same address, else same domain), or
    // not by name at all: never as another operator.
    const to = given.to.toLowerCase();
    const domain = to.split('@')[1];
    const same =
      links.find((l) => l.e.email?.toLowerCase() === to) ??
      links.find((l) => domain && l.e.email?.toLowerCase().split('@')[1] === domain);
    return { to: given.to, source: 'given', entity: same?.e ?? null };
  }
  const suppliers = links.filter((l) => l.role === 'manufacturer' || l.role === 'importer');
  const pick =
    suppliers.find((l) => l.role === 'manufacturer' && l.e.email) ??
    suppliers.find((l) => l.role === 'importer' && l.e.email) ??
    suppliers.find((l) => l.role === 'manufacturer') ??
    suppliers[0];
  return {
    to: pick?.e.email ?? null,
    source: pick?.e.email ? (pick.role as 'manufacturer' | 'importer') : null,
    entity: pick?.e ?? null,
  };
}

function chooseItems(available: RequestItem[], keys: string[] | undefined): RequestItem[] {
  if (!keys) return available;
  const unknown = keys.map((k, i) => ({ k, i })).filter(({ k }) => !available.some((a) => a.key === k));
  if (unknown.length) {
    throw new AppError('VALIDATION_FAILED', `Not an open item of this SKU: ${unknown.map((u) => u.k).join(', ')}.`, {
      details: {
        fields: unknown.map(({ k, i }) => ({ path: `items.${i}`, message: `${k} is not an open item of this SKU` })),
        available_items: available.map((a) => a.key),
      },
    });
  }
  return available.filter((a) => keys.includes(a.key));
}

/** What a draft and a sent request start from: the SKU, the recipient, the mail's language, the items it may ask. */
export async function draftContext(
  db: Db,
  {
    workspaceId,
    input,
  }: {
    workspaceId: string;
    input: { sku_id: string; to?: string; entity_id?: string; locale?: Locale; items?: string[] };
  },
) {
  const sku = await getSkuRow(db, { workspaceId, id: input.sku_id });
  const recipient = await resolveRecipient(db, { workspaceId, skuId: sku.id, given: input });
  const locale = input.locale ?? localeForCountry(recipient.entity?.country);
  const available = itemsFromBlockers(sku.blockers, sku.requirementProfileId, locale);
  const items = chooseItems(available, input.items);
  return { sku, recipient, locale, available, items };
}

export async function senderName(db: Db, { workspaceId }: { workspaceId: string }) {
  const [ws] = await db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return ws?.name ?? null;
}

/** The body as sent: the placeholder becomes the link; a body without it gets the link appended. */
export function bodyWithLink(body: string, link: string) {
  return body.includes(UPLOAD_LINK_PLACEHOLDER)
    ? body.split(UPLOAD_LINK_PLACEHOLDER).join(link)
    : body.includes(link)
      ? body
      : `${body}\n\n${link}`;
}
