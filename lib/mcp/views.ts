import { z } from 'zod';
import type { StoredBlocker } from '@/lib/db/schema';

/** The shapes several tools share, kept small enough for a model's context. */

export const SkuView = z.object({
  id: z.string(),
  sku_code: z.string(),
  product_name: z.string(),
  gtin: z.string().nullable(),
  category_code: z.string().nullable(),
  status: z.string().describe('blocked, needs_review, ready_for_approval, approved or published'),
  operator_role: z
    .string()
    .describe(
      'The seller’s economic-operator role for this SKU (manufacturer, importer, distributor, authorised_representative, fulfilment_service_provider): the duties and blockers follow it.',
    ),
  operator_role_source: z
    .enum(['sku', 'workspace'])
    .describe('Whether the SKU has its own role or follows the workspace’s.'),
  blocker_count: z.number().int(),
  warning_count: z.number().int(),
  updated_at: z.string(),
});
export type SkuView = z.infer<typeof SkuView>;

export function skuView(s: {
  id: string;
  sku_code: string;
  product_name: string;
  gtin: string | null;
  category_code: string | null;
  status: string;
  operator_role: string;
  operator_role_override: string | null;
  blocker_count: number;
  warning_count: number;
  updated_at: string;
}): SkuView {
  return {
    id: s.id,
    sku_code: s.sku_code,
    product_name: s.product_name,
    gtin: s.gtin,
    category_code: s.category_code,
    status: s.status,
    operator_role: s.operator_role,
    operator_role_source: s.operator_role_override ? 'sku' : 'workspace',
    blocker_count: s.blocker_count,
    warning_count: s.warning_count,
    updated_at: s.updated_at,
  };
}

export const BlockerView = z.object({
  code: z.string(),
  severity: z.enum(['blocker', 'warning']),
  message: z.string(),
  legal_basis: z.string().nullable().describe('The provision the rule comes from.'),
  fix: z
    .object({ kind: z.string(), target: z.string() })
    .nullable()
    .describe('What resolves it: a dossier field, a document type, an entity role or a review.'),
  required_fields: z.array(z.string()),
  waived: z.boolean(),
});
export type BlockerView = z.infer<typeof BlockerView>;

type AnyBlocker = Pick<StoredBlocker, 'code' | 'severity' | 'message'> & {
  legal_basis?: string | null;
  fix?: { kind: string; target: string } | null;
  required_fields?: string[] | null;
  waived?: unknown;
};

export function blockerView(b: AnyBlocker): BlockerView {
  return {
    code: b.code,
    severity: b.severity === 'warning' ? 'warning' : 'blocker',
    message: b.message,
    legal_basis: b.legal_basis ?? null,
    fix: b.fix ? { kind: b.fix.kind, target: b.fix.target } : null,
    required_fields: b.required_fields ?? [],
    waived: Boolean(b.waived),
  };
}

export const blockerLine = (b: BlockerView) =>
  `- ${b.code}${b.waived ? ' (waived)' : ''}: ${b.message}${b.legal_basis ? ` [${b.legal_basis}]` : ''}${b.fix ? ` -> fix: ${b.fix.kind} ${b.fix.target}` : ''}`;

export const IdArg = (what: string) => z.string().uuid().describe(`The ${what} id (UUID).`);

/** Free text an agent sends: bounded, and no NUL byte (Postgres text cannot hold one). */
export const Text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !s.includes('\u0000'), 'must not contain NUL bytes');

/** Most characters a tool's text answer holds: a model reads it whole, so it stays short. */
export const TEXT_BUDGET = 6000;

/**
 * Lines joined up to the text budget; what does not fit is counted, not cut mid-line, and the reader
 * is told where the rest is (structuredContent has every item; a smaller page or a filter shows it).
 */
export function budgetText(lines: string[], more = 'narrow the question or pass a smaller limit'): string {
  const out: string[] = [];
  let used = 0;
  for (let i = 0; i < lines.length; i++) {
    if (used + lines[i].length + 1 > TEXT_BUDGET && out.length) {
      out.push(`… ${lines.length - i} more line(s) not shown here (all in structuredContent); ${more}.`);
      break;
    }
    out.push(lines[i]);
    used += lines[i].length + 1;
  }
  return out.join('\n');
}

/** Room past the budget for a tool's own "… more" line, so capText never cuts a note budgetText wrote. */
const NOTE_ROOM = 400;

/**
 * The last guard on every tool's text answer (the server applies it to each tool): a text over the
 * budget is cut at a line (a single line longer than the budget is shortened), and says that
 * structuredContent has the whole answer. Tools that page their text with budgetText stay as they are.
 */
export function capText(text: string): string {
  if (text.length <= TEXT_BUDGET + NOTE_ROOM) return text;
  const lines = text.split('\n').map((l) => (l.length > TEXT_BUDGET ? `${l.slice(0, TEXT_BUDGET - 1)}…` : l));
  return budgetText(
    lines,
    'the whole answer is in structuredContent; narrow the question or page with limit and cursor',
  );
}

/** A quote as it reads in a text answer: one line, at most 160 characters. */
export const shortQuote = (q: unknown) => {
  const s = String(q ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return s.length > 160 ? `${s.slice(0, 157)}...` : s;
};
