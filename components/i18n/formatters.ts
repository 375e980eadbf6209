/**
 * Display formatting in the UI language. Dates use a day-month-year form ("4 Mar 2026", "4. März 2026"),
 * which reads the same to the European users this product is for. Formatters are built once per locale.
 */
import type { UiLocale } from '@/lib/i18n/ui';

export interface Formatters {
  date(value: string | Date | null | undefined, fallback?: string): string;
  dateTime(value: string | Date | null | undefined, fallback?: string): string;
  /** "just now", "5 minutes ago", "in 3 days" ("gerade eben", "vor 5 Minuten", "in 3 Tagen"). */
  relative(value: string | Date | null | undefined, now?: number, fallback?: string): string;
  number(n: number): string;
  bytes(n: number): string;
}

const TAG: Record<UiLocale, string> = { en: 'en-GB', de: 'de-DE' };
const JUST_NOW: Record<UiLocale, string> = { en: 'just now', de: 'gerade eben' };
const cache = new Map<UiLocale, Formatters>();

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 3600],
  ['day', 86400],
  ['week', 604800],
  ['month', 2629800],
  ['year', 31557600],
];

function build(locale: UiLocale): Formatters {
  const tag = TAG[locale];
  const dateFmt = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric' });
  const dateTimeFmt = new Intl.DateTimeFormat(tag, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  const numberFmt = new Intl.NumberFormat(tag);
  const oneDecimal = new Intl.NumberFormat(tag, { maximumFractionDigits: 1 });
  const relFmt = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  return {
    date(value, fallback = '—') {
      const d = toDate(value);
      return d ? dateFmt.format(d) : fallback;
    },
    dateTime(value, fallback = '—') {
      const d = toDate(value);
      return d ? dateTimeFmt.format(d) : fallback;
    },
    relative(value, now = Date.now(), fallback = '—') {
      const d = toDate(value);
      if (!d) return fallback;
      const seconds = Math.round((d.getTime() - now) / 1000);
      const abs = Math.abs(seconds);
      if (abs < 45) return JUST_NOW[locale];
      let chosen = UNITS[0];
      for (const u of UNITS) if (abs >= u[1] * 0.9) chosen = u;
      return relFmt.format(Math.round(seconds / chosen[1]), chosen[0]);
    },
    number: (n) => numberFmt.format(n),
    bytes(bytes) {
      if (!Number.isFinite(bytes) || bytes < 0) return '—';
      if (bytes < 1024) return `${numberFmt.format(bytes)} B`;
      const units = ['KB', 'MB', 'GB', 'TB'];
      let v = bytes / 1024;
      let i = 0;
      while (v >= 1024 && i < units.length - 1) {
        v /= 1024;
        i++;
      }
      return `${v >= 100 ? numberFmt.format(Math.round(v)) : oneDecimal.format(v)} ${units[i]}`;
    },
  };
}

export function formatters(locale: UiLocale): Formatters {
  let f = cache.get(locale);
  if (!f) cache.set(locale, (f = build(locale)));
  return f;
}
