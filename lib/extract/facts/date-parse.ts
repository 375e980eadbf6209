/** Dates in European, ISO and written forms in English, German, French, Spanish and Italian. */

const MONTHS: Record<string, number> = {};
const monthNames: [number, string[]][] = [
  [1, ['january', 'jan', 'januar', 'janvier', 'enero', 'gennaio', 'janner']],
  [2, ['february', 'feb', 'februar', 'fevrier', 'febrero', 'febbraio']],
  [3, ['march', 'mar', 'marz', 'mars', 'marzo']],
  [4, ['april', 'apr', 'avril', 'abril', 'aprile']],
  [5, ['may', 'mai', 'mayo', 'maggio']],
  [6, ['june', 'jun', 'juni', 'juin', 'junio', 'giugno']],
  [7, ['july', 'jul', 'juli', 'juillet', 'julio', 'luglio']],
  [8, ['august', 'aug', 'aout', 'agosto']],
  [9, ['september', 'sep', 'sept', 'septembre', 'septiembre', 'settembre']],
  [10, ['october', 'oct', 'oktober', 'octobre', 'octubre', 'ottobre']],
  [11, ['november', 'nov', 'novembre', 'noviembre']],
  [12, ['december', 'dec', 'dezember', 'decembre', 'diciembre', 'dicembre']],
];
for (const [n, names] of monthNames) for (const name of names) MONTHS[name] = n;
const MONTH_ALT = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

const DATE_PATTERNS: { re: RegExp; parse: (m: RegExpExecArray) => [number, number, number] }[] = [
  { re: /\b(\d{4})[-./](\d{1,2})[-./](\d{1,2})\b/g, parse: (m) => [+m[1], +m[2], +m[3]] },
  { re: /\b(\d{1,2})[./-](\d{1,2})[./-](\d{4})\b/g, parse: (m) => [+m[3], +m[2], +m[1]] },
  {
    // "1 June 2024", "1er juin 2024", "29 December,2023", "6 June, 2024".
    re: new RegExp(
      `\\b(\\d{1,2})(?:st|nd|rd|th|er|°|º)?\\.?\\s+(?:de\\s+)?(${MONTH_ALT})\\.?(?:,\\s*|\\s+)(?:de\\s+)?(\\d{4})\\b`,
      'g',
    ),
    parse: (m) => [+m[3], MONTHS[m[2]], +m[1]],
  },
  {
    re: new RegExp(`\\b(${MONTH_ALT})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'g'),
    parse: (m) => [+m[3], MONTHS[m[1]], +m[2]],
  },
];

export interface FoundDate {
  iso: string;
  index: number;
}

/** Dates in a normalised (lower-case, unaccented) line, in order of position. */
export function findDates(normLine: string): FoundDate[] {
  const out: FoundDate[] = [];
  for (const p of DATE_PATTERNS) {
    p.re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = p.re.exec(normLine))) {
      const [y, mo, d] = p.parse(m);
      if (y < 1970 || y > 2100 || mo < 1 || mo > 12 || d < 1 || d > 31) continue;
      const date = new Date(Date.UTC(y, mo - 1, d));
      if (date.getUTCDate() !== d) continue; // 31.02. and the like
      if (out.some((o) => Math.abs(o.index - m!.index) < 3)) continue;
      out.push({ iso: `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`, index: m.index });
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

/** One date in any of the forms above, as ISO; null when the text is not exactly one date. */
export function isoDateOf(text: string): string | null {
  const found = findDates(text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, ''));
  return found.length === 1 ? found[0].iso : null;
}
