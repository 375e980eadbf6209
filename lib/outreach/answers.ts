import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { dossierValues, entities, supplierRequestAnswers, supplierRequests } from '@/lib/db/schema';
import { addSuggestions } from '@/lib/dossier/suggestions';
import { fieldDefinition, fieldHelp, fieldLabel, normalizeFieldValue, type FieldKind } from '@/lib/model/catalogue';
import { AppError } from '@/lib/errors';
import { LOCALES, type Locale } from '@/lib/i18n/locales';
import { addEvent, type RequestRow } from './rows';

/**
 * Answers to asked fields. Where a field is asked (yes/no, a choice, a date, a text, a URL), the
 * supplier answers on the link page, or in a reply ("Age grading: 3+", "CE marking: yes"). Each answer
 * becomes a dossier suggestion with the provenance "supplier <name>, request <id>, <time>" (and the
 * quoted line of a reply), which a person confirms or rejects: never a confirmed value by itself.
 */

type Via = 'upload_link' | 'inbound_email';

export interface Question {
  item_key: string;
  field_key: string;
  label: string;
  help: string;
  kind: FieldKind;
  enum_values: string[] | null;
}

/** The fields the request asks, each with its item, in the request's language (help: German, else English). */
export function questionsOf(row: Pick<RequestRow, 'items'>, locale: Locale): Question[] {
  const out: Question[] = [];
  for (const item of row.items) {
    if (item.kind !== 'field') continue;
    for (const key of item.fields ?? []) {
      const def = fieldDefinition(key);
      if (!def || out.some((q) => q.field_key === key)) continue;
      out.push({
        item_key: item.key,
        field_key: key,
        label: fieldLabel(key, locale),
        help: fieldHelp(def, locale === 'de' ? 'de' : 'en'),
        kind: def.kind,
        enum_values: def.enum_values ? [...def.enum_values] : null,
      });
    }
  }
  return out;
}

export interface AnswerStates {
  /** Items whose latest answer waits for a person (its suggestion is open). */
  answered: Set<string>;
  /** Items whose latest answer a person rejected. */
  rejected: Set<string>;
}

/** Per request, where the latest answer to each item stands. */
export async function answerStates(
  db: Db,
  { requestIds }: { requestIds: string[] },
): Promise<Map<string, AnswerStates>> {
  const out = new Map<string, AnswerStates>();
  if (!requestIds.length) return out;
  const rows = await db
    .select({
      requestId: supplierRequestAnswers.requestId,
      itemKey: supplierRequestAnswers.itemKey,
      status: dossierValues.status,
      superseded: dossierValues.supersededAt,
    })
    .from(supplierRequestAnswers)
    .innerJoin(dossierValues, eq(dossierValues.id, supplierRequestAnswers.dossierValueId))
    .where(inArray(supplierRequestAnswers.requestId, requestIds))
    .orderBy(supplierRequestAnswers.createdAt, supplierRequestAnswers.id);
  const latest = new Map<string, (typeof rows)[number]>();
  for (const r of rows) latest.set(`${r.requestId}\u0000${r.itemKey}`, r);
  for (const r of latest.values()) {
    const s = out.get(r.requestId) ?? { answered: new Set<string>(), rejected: new Set<string>() };
    if (r.status === 'suggested' && !r.superseded) s.answered.add(r.itemKey);
    if (r.status === 'rejected') s.rejected.add(r.itemKey);
    out.set(r.requestId, s);
  }
  return out;
}

async function supplierName(db: Db, row: RequestRow) {
  if (!row.entityId) return row.recipient;
  const [e] = await db.select({ name: entities.name }).from(entities).where(eq(entities.id, row.entityId));
  return e?.name ?? row.recipient;
}

/**
 * Stores answers as suggestions on the request's SKU. Every field must be one the request asks and
 * every value valid for its field (400 naming each one otherwise); nothing is stored then.
 */
export async function receiveAnswers(
  db: Db,
  args: {
    row: RequestRow;
    answers: { field_key: string; value: string; quote?: string | null }[];
    via: Via;
    now?: Date;
  },
) {
  const { row } = args;
  const now = args.now ?? new Date();
  const questions = questionsOf(row, 'en');
  const errors: { path: string; message: string }[] = [];
  const clean: { q: Question; value: string; quote: string | null }[] = [];
  args.answers.forEach((a, i) => {
    const q = questions.find((x) => x.field_key === a.field_key);
    if (!q)
      return errors.push({ path: `answers.${i}.field_key`, message: `${a.field_key} is not asked by this request` });
    const n = normalizeFieldValue(a.field_key, a.value);
    if (!n.ok) return errors.push({ path: `answers.${i}.value`, message: n.message });
    clean.push({ q, value: n.value, quote: a.quote ?? null });
  });
  if (errors.length)
    throw new AppError(
      'VALIDATION_FAILED',
      `Some answers cannot be taken: ${errors.map((e) => e.message).join('; ')}.`,
      {
        details: { fields: errors },
      },
    );
  if (!clean.length) return { results: [] };
  const name = await supplierName(db, row);
  const actor = {
    userId: null,
    apiKeyId: null,
    label: args.via === 'upload_link' ? 'Supplier (upload link)' : 'Supplier (email reply)',
  };
  const note = `supplier ${name}, request ${row.id}, ${now.toISOString()}`;
  const out = await addSuggestions(db, {
    workspaceId: row.workspaceId,
    actor,
    skuId: row.skuId,
    suggestions: clean.map((c) => ({
      field_key: c.q.field_key,
      value: c.value,
      source: 'supplier_answer' as const,
      provenance: {
        note,
        ...(row.entityId ? { entity_id: row.entityId } : {}),
        ...(c.quote ? { quote: c.quote.slice(0, 500) } : {}),
      },
    })),
  });
  const results = clean.map((c) => {
    const made = out.inserted.find((v) => v.field_key === c.q.field_key && v.value === c.value);
    return {
      field_key: c.q.field_key,
      value: c.value,
      status: made ? ('suggested' as const) : ('unchanged' as const),
      id: made?.id ?? null,
    };
  });
  await db.insert(supplierRequestAnswers).values(
    clean.map((c, i) => ({
      workspaceId: row.workspaceId,
      requestId: row.id,
      itemKey: c.q.item_key,
      fieldKey: c.q.field_key,
      value: c.value,
      dossierValueId: results[i].id,
      via: args.via,
      quote: c.quote,
      createdAt: now,
    })),
  );
  await addEvent(db, {
    workspaceId: row.workspaceId,
    requestId: row.id,
    kind: 'answers',
    actorLabel: actor.label,
    data: { answers: results.map(({ field_key, value, status }) => ({ field_key, value, status })) },
    at: now,
  });
  if (results.some((r) => r.status === 'suggested')) {
    // A person has something to review, as with files (a concurrent cancel wins).
    await db
      .update(supplierRequests)
      .set({
        status: 'to_review',
        respondedAt: sql`coalesce(${supplierRequests.respondedAt}, ${now.toISOString()}::timestamptz)`,
        lastResponseAt: now,
        noProgressNotifiedAt: null,
        lastActivityAt: now,
        updatedAt: now,
      })
      .where(
        and(
          eq(supplierRequests.id, row.id),
          inArray(supplierRequests.status, ['sent', 'in_progress', 'to_review', 'no_progress']),
        ),
      );
  }
  return { results: results.map(({ field_key, value, status }) => ({ field_key, value, status })) };
}

const YES_NO: Record<string, 'yes' | 'no'> = {
  yes: 'yes',
  ja: 'yes',
  oui: 'yes',
  si: 'yes',
  sí: 'yes',
  no: 'no',
  nein: 'no',
  non: 'no',
};

const norm = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * Answers in a reply's own text (quoted part already removed): a line "<field label>: <value>" (the
 * label in any of the five languages, or the field key), or "<label> yes/no" for a yes/no field.
 * Each with the line it came from. Lines that name no asked field, or a value the field refuses, are left.
 */
export function answersFromText(text: string, row: Pick<RequestRow, 'items'>) {
  const questions = questionsOf(row, 'en');
  const names = questions.map((q) => ({
    q,
    names: [...new Set([q.field_key.replace(/_/g, ' '), ...LOCALES.map((l) => fieldLabel(q.field_key, l))].map(norm))],
  }));
  const found: { field_key: string; value: string; quote: string }[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.length > 500) continue;
    for (const { q, names: ns } of names) {
      if (found.some((f) => f.field_key === q.field_key)) continue;
      let value: string | null = null;
      const m = /^(.{2,80}?)\s*[:=]\s*(.+)$/.exec(line);
      if (m && ns.includes(norm(m[1]))) value = m[2].trim();
      else if (q.enum_values?.includes('yes')) {
        const n = norm(line);
        const named = ns.find((x) => x.length >= 2 && (n.startsWith(`${x} `) || n.endsWith(` ${x}`)));
        if (named) {
          const rest = n.replace(named, ' ').trim().split(' ');
          const yn = rest.map((w) => YES_NO[w]).find(Boolean);
          if (yn && rest.length <= 3) value = yn;
        }
      }
      if (value === null) continue;
      const n = normalizeFieldValue(q.field_key, value);
      if (n.ok) found.push({ field_key: q.field_key, value: n.value, quote: line });
    }
  }
  return found;
}
