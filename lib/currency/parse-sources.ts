import * as XLSX from '@e965/xlsx';
import { standardsIn } from '@/lib/extract/facts/references';
import { actKey } from './acts';
import { parseStandardRef } from './standard-ref';
import type { NotifiedBody, NotifiedBodiesSnapshot, StandardEntry, StandardsSnapshot } from './types';

/**
 * Readers of the published sources the evidence-currency data is built from (scripts/update-currency-data.ts):
 *
 * - The Official Journal's list of harmonised standards for one act, in the five columns the Commission
 *   publishes it with (OJ C communications and the Commission's summary lists): "ESO", "Reference and
 *   title of the standard (and reference document)", "First publication OJ", "Reference of superseded
 *   standard", "Date of cessation of presumption of conformity of superseded standard". An implementing
 *   decision's withdrawal annex ("Reference of the standard", "Date of withdrawal") is read too. Saved as
 *   CSV, XLSX or the HTML page itself (the table is read from it).
 * - A NANDO list of notified bodies: a row per body with its number ("NB 0123"), name, country and the
 *   legislation it is notified for; a list exported for one act (NANDO's "bodies by legislation") has no
 *   legislation column and is read with that act given.
 *
 * Columns are found by their headings, in any order; a file whose headings are not recognised is refused
 * rather than guessed at. Every row read keeps the source it came from.
 */

export type Rows = string[][];

/** The rows of a CSV, XLSX or HTML table file (the first sheet or table). */
export function rowsOf(bytes: Uint8Array): Rows {
  const wb = XLSX.read(bytes, { type: 'array', dense: true, cellDates: false, raw: false });
  const sheet = wb.Sheets[wb.SheetNames[0]];
  if (!sheet) return [];
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '' });
  return rows.map((r) =>
    r.map((c) =>
      String(c ?? '')
        .replace(/\s+/g, ' ')
        .trim(),
    ),
  );
}

const fold = (s: string) => s.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim();

function findHeader(rows: Rows, tests: Record<string, RegExp>, required: string[]) {
  for (let i = 0; i < Math.min(rows.length, 30); i++) {
    const cells = rows[i].map(fold);
    const cols: Record<string, number> = {};
    for (const [name, re] of Object.entries(tests)) {
      const at = cells.findIndex((c) => re.test(c));
      if (at >= 0) cols[name] = at;
    }
    if (required.every((r) => r in cols)) return { row: i, cols };
  }
  return null;
}

/** "28.2.2019", "28/02/2019", "2019-02-28" -> "2019-02-28"; anything else null. */
export function isoDate(text: string): string | null {
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(text);
  if (iso) return iso[0];
  const eu = /\b(\d{1,2})[./](\d{1,2})[./](\d{4})\b/.exec(text);
  if (!eu) return null;
  const [d, m, y] = [Number(eu[1]), Number(eu[2]), Number(eu[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** The first standard of a cell with the amendments listed after it merged ("EN X:2020 … EN X:2020/A11:2020"). */
function referenceIn(cell: string): string | null {
  const refs = standardsIn(cell);
  if (!refs.length) return null;
  const first = parseStandardRef(refs[0]);
  if (!first) return refs[0];
  const amendments = new Set(first.amendments);
  for (const r of refs.slice(1)) {
    const p = parseStandardRef(r);
    if (p && p.base === first.base && p.edition === first.edition) p.amendments.forEach((a) => amendments.add(a));
  }
  const head = refs[0].replace(/[+/].*$/, '');
  return amendments.size ? `${head}+${[...amendments].sort().join('+')}` : head;
}

export interface StandardsListMeta {
  /** The act the list is for ("2009/48/EC"). */
  act: string;
  /** Where the list was read (URL or file name), kept on every entry. */
  source: string;
  /** The list's publication: the date of "This is the first publication", and of superseding. */
  published_on?: string | null;
  oj?: string | null;
}

export function parseStandardsList(rows: Rows, meta: StandardsListMeta): StandardEntry[] {
  const act = actKey(meta.act) ?? meta.act;
  const five = findHeader(
    rows,
    {
      reference: /^reference and title|^reference of the standard$|^reference$/,
      first: /^first publication/,
      superseded: /^reference of (the )?superseded/,
      cessation: /^date of cessation/,
    },
    ['reference', 'superseded', 'cessation'],
  );
  const withdrawal = five
    ? null
    : findHeader(rows, { reference: /^reference of the standard|^reference$/, date: /^date of withdrawal/ }, [
        'reference',
        'date',
      ]);
  if (!five && !withdrawal)
    throw new Error(
      'Not a list of harmonised standards: no heading row with "Reference…", "Reference of superseded standard" and "Date of cessation…" (or "Date of withdrawal").',
    );
  const out: StandardEntry[] = [];
  const base = { act, source: meta.source, oj: meta.oj ?? null };
  if (withdrawal) {
    for (const r of rows.slice(withdrawal.row + 1)) {
      const reference = referenceIn(r[withdrawal.cols.reference] ?? '');
      const date = isoDate(r[withdrawal.cols.date] ?? '');
      if (reference && date)
        out.push({
          ...base,
          reference,
          published_on: null,
          withdrawn_on: meta.published_on ?? null,
          cessation_on: date,
          replaced_by: null,
        });
    }
    return out;
  }
  const c = five!.cols;
  for (const r of rows.slice(five!.row + 1)) {
    const reference = referenceIn(r[c.reference] ?? '');
    if (!reference) continue;
    const firstCell = c.first !== undefined ? (r[c.first] ?? '') : '';
    const published = isoDate(firstCell) ?? (/first publication/i.test(firstCell) ? (meta.published_on ?? null) : null);
    out.push({
      ...base,
      reference,
      published_on: published,
      withdrawn_on: null,
      cessation_on: null,
      replaced_by: null,
    });
    const superseded = referenceIn(r[c.superseded] ?? '');
    const cessation = isoDate(r[c.cessation] ?? '');
    if (superseded)
      out.push({
        ...base,
        reference: superseded,
        published_on: null,
        withdrawn_on: meta.published_on ?? null,
        cessation_on: cessation,
        replaced_by: reference,
      });
  }
  return out;
}

export function parseNandoList(rows: Rows, opts: { source: string; act?: string }): NotifiedBody[] {
  const h = findHeader(
    rows,
    {
      number: /^(?:nb )?(?:notified body )?(?:number|no\.?|n°|nb|body number|identification number)$/,
      name: /^(?:body )?name$|^notified body$|^organisation$/,
      country: /^country$|^notifying (?:authority|country)$/,
      acts: /^legislations?$|^acts?$|^directives?(?:\/regulations?)?$/,
    },
    ['number', 'name', 'country'],
  );
  if (!h) throw new Error('Not a NANDO list: no heading row with a number, a name and a country column.');
  if (h.cols.acts === undefined && !opts.act)
    throw new Error('The list has no legislation column: give the act it was exported for (--act).');
  const byNumber = new Map<string, NotifiedBody>();
  for (const r of rows.slice(h.row + 1)) {
    const number = /\b(\d{4})\b/.exec(r[h.cols.number] ?? '')?.[1];
    const name = r[h.cols.name]?.trim();
    if (!number || !name) continue;
    const acts = (
      h.cols.acts !== undefined
        ? (r[h.cols.acts] ?? '')
            .split(/[;\n]|,(?![^(]*\))/)
            .map((a) => actKey(a))
            .filter((a): a is string => Boolean(a))
        : []
    ).concat(opts.act ? [actKey(opts.act) ?? opts.act] : []);
    const seen = byNumber.get(number);
    if (seen) seen.acts = [...new Set([...seen.acts, ...acts])];
    else
      byNumber.set(number, {
        number,
        name,
        country: countryCode(r[h.cols.country] ?? ''),
        acts: [...new Set(acts)],
        source: opts.source,
      });
  }
  return [...byNumber.values()];
}

const COUNTRIES: Record<string, string> = {
  austria: 'AT',
  belgium: 'BE',
  bulgaria: 'BG',
  croatia: 'HR',
  cyprus: 'CY',
  czechia: 'CZ',
  'czech republic': 'CZ',
  denmark: 'DK',
  estonia: 'EE',
  finland: 'FI',
  france: 'FR',
  germany: 'DE',
  greece: 'GR',
  hungary: 'HU',
  ireland: 'IE',
  italy: 'IT',
  latvia: 'LV',
  lithuania: 'LT',
  luxembourg: 'LU',
  malta: 'MT',
  netherlands: 'NL',
  poland: 'PL',
  portugal: 'PT',
  romania: 'RO',
  slovakia: 'SK',
  slovenia: 'SI',
  spain: 'ES',
  sweden: 'SE',
  iceland: 'IS',
  liechtenstein: 'LI',
  norway: 'NO',
  switzerland: 'CH',
  turkey: 'TR',
  turkiye: 'TR',
  'united kingdom': 'GB',
};

function countryCode(text: string): string {
  const t = fold(text);
  if (/^[a-z]{2}$/.test(t)) return t.toUpperCase();
  return COUNTRIES[t] ?? text.trim();
}

/** A snapshot with the new entries merged in: an entry of the same reference and act takes the new values it has. */
export function mergeStandards(
  base: StandardsSnapshot,
  entries: StandardEntry[],
  header: Omit<StandardsSnapshot, 'kind' | 'standards'>,
): StandardsSnapshot {
  const key = (e: StandardEntry) => `${e.reference}|${e.act}`;
  const map = new Map(base.standards.map((e) => [key(e), { ...e }]));
  for (const e of entries) {
    const old = map.get(key(e));
    if (!old) map.set(key(e), e);
    else
      map.set(key(e), {
        ...old,
        published_on: e.published_on ?? old.published_on,
        withdrawn_on: e.withdrawn_on ?? old.withdrawn_on,
        cessation_on: e.cessation_on ?? old.cessation_on,
        replaced_by: e.replaced_by ?? old.replaced_by,
        oj: e.oj ?? old.oj,
        source: e.source,
      });
  }
  return { kind: 'harmonised-standards', ...header, standards: [...map.values()] };
}

/**
 * A list exported for one act replaces that act's bodies (a body whose notification for it ended loses
 * it); other acts are kept. A full export (every act) replaces the snapshot's bodies.
 */
export function mergeBodies(
  base: NotifiedBodiesSnapshot,
  bodies: NotifiedBody[],
  header: Omit<NotifiedBodiesSnapshot, 'kind' | 'bodies'>,
  forAct?: string,
): NotifiedBodiesSnapshot {
  const map = new Map<string, NotifiedBody>();
  if (forAct)
    for (const b of base.bodies) {
      const acts = b.acts.filter((a) => a !== forAct);
      if (acts.length) map.set(b.number, { ...b, acts });
    }
  for (const b of bodies) {
    const old = map.get(b.number);
    map.set(b.number, old ? { ...b, acts: [...new Set([...old.acts, ...b.acts])] } : b);
  }
  return {
    kind: 'notified-bodies',
    ...header,
    bodies: [...map.values()].sort((a, b) => a.number.localeCompare(b.number)),
  };
}
