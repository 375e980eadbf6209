/**
 * English display formatting, for code that runs outside a component. Components use `useFormat()`
 * (components/i18n/locale-provider.tsx), which formats in the UI language.
 */
import { formatters } from '@/components/i18n/formatters';

const en = formatters('en');

export function formatDate(value: string | Date | null | undefined, fallback = '—'): string {
  return en.date(value, fallback);
}

export function formatDateTime(value: string | Date | null | undefined, fallback = '—'): string {
  return en.dateTime(value, fallback);
}

/** "just now", "5 minutes ago", "in 3 days", "2 months ago". */
export function formatRelative(
  value: string | Date | null | undefined,
  now: number = Date.now(),
  fallback = '—',
): string {
  return en.relative(value, now, fallback);
}

export function formatNumber(n: number): string {
  return en.number(n);
}

export function formatBytes(bytes: number): string {
  return en.bytes(bytes);
}
