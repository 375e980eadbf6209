import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { supplierRequests, type EntityRole, type StoredBlocker } from '@/lib/db/schema';
import { skuEntityLinks } from '@/lib/entities/service';
import { itemsFromBlockers } from '@/lib/outreach/items';

/**
 * "Whom to ask for what": for each open blocker of a SKU, the economic operator who holds the
 * evidence (or the workspace itself, when only its own people can clear it), and the supplier request
 * already asking for it. The operators are the SKU's linked entities, with the contact an agent needs.
 */

export const OperatorView = z.object({
  role: z.string().describe('manufacturer, importer, responsible_person or authorised_representative'),
  entity_id: z.string(),
  name: z.string(),
  country: z.string().nullable(),
  eu_established: z.boolean(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  contact_url: z.string().nullable(),
  postal_address: z.string().nullable(),
});
export type OperatorView = z.infer<typeof OperatorView>;

export const OpenRequestView = z.object({
  id: z.string(),
  recipient: z.string(),
  status: z.string(),
  sent_at: z.string().nullable(),
  due_date: z.string().nullable(),
});
export type OpenRequestView = z.infer<typeof OpenRequestView>;

export const AskView = z
  .object({
    party: z
      .enum(['operator', 'workspace', 'no_operator_linked'])
      .describe(
        'operator: ask the operator named; workspace: your own team clears it in the app; no_operator_linked: link the manufacturer or importer first.',
      ),
    role: z.string().nullable(),
    entity_id: z.string().nullable(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    what: z.string().describe('What to ask for or do, e.g. "Test report citing EN 71-1".'),
    open_request: OpenRequestView.nullable().describe('The supplier request already asking for it, if one is open.'),
  })
  .describe('Whom to ask for what to clear this blocker.');
export type AskView = z.infer<typeof AskView>;

const OPEN_EXCLUDED = ['done', 'cancelled', 'failed'] as const;

/** The SKU's operators, manufacturer first. */
export async function skuOperators(
  db: Db,
  { workspaceId, skuId }: { workspaceId: string; skuId: string },
): Promise<OperatorView[]> {
  const order: EntityRole[] = ['manufacturer', 'importer', 'responsible_person', 'authorised_representative'];
  const links = await skuEntityLinks(db, { workspaceId, skuId });
  return links
    .sort((a, b) => order.indexOf(a.role) - order.indexOf(b.role))
    .map(({ role, entity: e }) => ({
      role,
      entity_id: e.id,
      name: e.name,
      country: e.country,
      eu_established: e.eu_established,
      email: e.email,
      phone: e.phone,
      contact_url: e.contact_url,
      postal_address: e.postal_address,
    }));
}

export interface OpenRequest extends OpenRequestView {
  entity_id: string | null;
  codes: string[];
}

/** Supplier requests of the SKU still open (not done, cancelled or failed), newest first. */
export async function openRequestsForSkus(db: Db, { workspaceId, skuIds }: { workspaceId: string; skuIds: string[] }) {
  const out = new Map<string, OpenRequest[]>();
  if (!skuIds.length) return out;
  const rows = await db
    .select()
    .from(supplierRequests)
    .where(
      and(
        eq(supplierRequests.workspaceId, workspaceId),
        inArray(supplierRequests.skuId, skuIds),
        notInArray(supplierRequests.status, [...OPEN_EXCLUDED]),
      ),
    );
  rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  for (const r of rows) {
    const list = out.get(r.skuId) ?? [];
    list.push({
      id: r.id,
      recipient: r.recipient,
      status: r.status,
      sent_at: r.sentAt ? r.sentAt.toISOString() : null,
      due_date: r.dueDate,
      entity_id: r.entityId,
      codes: r.items.flatMap((i) => [i.code, i.key]),
    });
    out.set(r.skuId, list);
  }
  return out;
}

/** Fields that describe one operator are that operator's to give (its own name, address, contact). */
const FIELD_ROLE: [prefix: string, role: EntityRole][] = [
  ['manufacturer_', 'manufacturer'],
  ['importer_', 'importer'],
  ['responsible_person_', 'responsible_person'],
  ['authorised_representative_', 'authorised_representative'],
];

type AskableBlocker = Pick<StoredBlocker, 'code' | 'severity' | 'message' | 'required_fields' | 'fix'> & {
  key?: string;
  legal_basis?: string | null;
  required_document_types?: string[];
  waived?: unknown;
  details?: Record<string, unknown> | null;
};

/** Whose duty a held-by blocker is, in the order to ask: the rule's holders, else the usual holders. */
const HELD_BY_ORDER: EntityRole[] = ['manufacturer', 'importer', 'authorised_representative', 'responsible_person'];

/**
 * Who holds the evidence for one blocker. Documents and product data come from the manufacturer (it
 * draws up the technical documentation and the declaration, GPSR Art. 9), else from the importer;
 * an operator's own details from that operator; a duty the seller's role does not hold itself ("held by",
 * e.g. a distributor and the manufacturer's risk analysis) from the operator whose duty it is. Blockers
 * that are decisions of the workspace (target markets, operator links, review issues, conflicts) are the
 * workspace's own to clear.
 */
export function whomToAsk(
  blocker: AskableBlocker,
  ctx: { operators: OperatorView[]; openRequests: OpenRequest[]; profileId: string | null },
): AskView {
  const own = (what: string): AskView => ({
    party: 'workspace',
    role: null,
    entity_id: null,
    name: null,
    email: null,
    what,
    open_request: null,
  });
  const kind = blocker.fix?.kind;
  if (kind === 'entity')
    return own(`Link the ${blocker.fix!.target.replace(/_/g, ' ')} to the SKU (an operator record with its address).`);
  const request =
    ctx.openRequests.find((r) => r.codes.includes(blocker.key ?? blocker.code) || r.codes.includes(blocker.code)) ??
    null;
  const openRequest = request
    ? {
        id: request.id,
        recipient: request.recipient,
        status: request.status,
        sent_at: request.sent_at,
        due_date: request.due_date,
      }
    : null;
  const byRole = (r: EntityRole) => ctx.operators.find((o) => o.role === r);
  if (kind === 'held_by') return heldByAsk(blocker, ctx.operators, ctx.profileId, openRequest);
  if (kind === 'review' || (kind !== 'document' && kind !== 'field'))
    return own('Resolve it in the app (a reviewer or editor of the workspace).');
  const [item] = itemsFromBlockers(
    [{ ...blocker, key: blocker.key ?? blocker.code, severity: 'blocker', waived: null } as StoredBlocker],
    ctx.profileId,
    'en',
  );
  if (!item) return own(`Enter ${(blocker.required_fields ?? []).join(' or ') || 'the missing data'} in the app.`);
  const fields = blocker.required_fields ?? [];
  const fieldRole = FIELD_ROLE.find(([p]) => fields.length > 0 && fields.every((f) => f.startsWith(p)))?.[1];
  const holder =
    (fieldRole && byRole(fieldRole)) ||
    (fieldRole && fieldRole !== 'manufacturer' ? byRole('manufacturer') : undefined) ||
    byRole('manufacturer') ||
    byRole('importer') ||
    byRole('responsible_person') ||
    byRole('authorised_representative');
  if (!holder)
    return {
      party: 'no_operator_linked',
      role: null,
      entity_id: null,
      name: null,
      email: null,
      what: `${item.label} (link the manufacturer or importer first: no operator is recorded to ask)`,
      open_request: openRequest,
    };
  return {
    party: 'operator',
    role: holder.role,
    entity_id: holder.entity_id,
    name: holder.name,
    email: holder.email,
    what: item.label,
    open_request: openRequest,
  };
}

/**
 * A duty the seller's role does not hold itself (a distributor and the manufacturer's risk analysis,
 * GPSR Art. 12): the operator whose duty it is is asked to confirm it holds the evidence and makes it
 * available on request (or to send it); the workspace then records "held by" in the app.
 */
function heldByAsk(
  blocker: AskableBlocker,
  operators: OperatorView[],
  profileId: string | null,
  openRequest: OpenRequestView | null,
): AskView {
  const declared = Array.isArray(blocker.details?.holder_roles) ? (blocker.details.holder_roles as EntityRole[]) : [];
  const order = [...declared.filter((r) => HELD_BY_ORDER.includes(r)), ...HELD_BY_ORDER];
  const holder = order.map((r) => operators.find((o) => o.role === r)).find(Boolean);
  const docTypes = blocker.required_document_types ?? [];
  const fields = blocker.required_fields ?? [];
  const asItem = docTypes.length
    ? { kind: 'document', target: docTypes[0] }
    : fields.length
      ? { kind: 'field', target: fields[0] }
      : null;
  const [item] = asItem
    ? itemsFromBlockers(
        [
          {
            ...blocker,
            key: blocker.key ?? blocker.code,
            severity: 'blocker',
            fix: asItem,
            waived: null,
          } as StoredBlocker,
        ],
        profileId,
        'en',
      )
    : [];
  const evidence = item?.label ?? 'the evidence this duty needs';
  const what = `confirmation that it holds ${evidence} and makes it available on request, or the document itself (then record "held by" on the SKU)`;
  if (!holder)
    return {
      party: 'no_operator_linked',
      role: null,
      entity_id: null,
      name: null,
      email: null,
      what: `${evidence} (link the ${declared[0]?.replace(/_/g, ' ') ?? 'manufacturer'} first: it holds this duty)`,
      open_request: openRequest,
    };
  return {
    party: 'operator',
    role: holder.role,
    entity_id: holder.entity_id,
    name: holder.name,
    email: holder.email,
    what,
    open_request: openRequest,
  };
}

/** "ask Holzwerk GmbH (manufacturer, safety@x) for: test report; request sent 2026-11-02, due 2026-11-16". */
export function askLine(a: AskView): string {
  const req = a.open_request
    ? `; request ${a.open_request.status}${a.open_request.sent_at ? ` ${a.open_request.sent_at.slice(0, 10)}` : ''}${a.open_request.due_date ? `, due ${a.open_request.due_date}` : ''} [${a.open_request.id}]`
    : '; no request open';
  if (a.party === 'operator')
    return `ask ${a.name} (${a.role}${a.email ? `, ${a.email}` : ', no e-mail'}) for: ${a.what}${req}`;
  if (a.party === 'no_operator_linked') return `no one to ask yet: ${a.what}`;
  return `your team: ${a.what}`;
}

export function operatorLine(o: OperatorView): string {
  const contact = [o.email, o.phone, o.contact_url].filter(Boolean).join(', ') || 'no contact';
  return `- ${o.role}: ${o.name}, ${o.country ?? 'country unknown'}${o.eu_established ? ' (EU-established)' : ' (not EU-established)'}; ${contact} [${o.entity_id}]`;
}
