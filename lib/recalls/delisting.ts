/**
 * Delisting files of a recall case: one CSV per marketplace channel of the export templates, listing the
 * case's SKUs with the channel's "take it down" instruction. Minimal by design (the listing itself is the
 * channel's): Amazon's flat-file update_delete=Delete, eBay File Exchange's End with EndCode NotAvailable,
 * and sku/ean/status=offline for Otto, Kaufland and Zalando's offer uploads.
 */
import { TEMPLATES } from '@/lib/exports/templates';

export const DELISTING_CHANNELS = ['amazon_eu', 'ebay', 'otto', 'kaufland', 'zalando'] as const;
export type DelistingChannel = (typeof DELISTING_CHANNELS)[number];

const cell = (v: string) =>
  /[",\n\r;]/.test(v) || /^[=+\-@]/.test(v) ? `"${v.replace(/^([=+\-@])/, "'$1").replace(/"/g, '""')}"` : v;

export interface DelistingSku {
  sku_code: string;
  gtin: string | null;
}

export function delistingCsv(channel: DelistingChannel, items: readonly DelistingSku[]): string {
  let header: string[];
  let row: (s: DelistingSku) => string[];
  if (channel === 'amazon_eu') {
    header = ['sku', 'product-id', 'product-id-type', 'update_delete'];
    row = (s) => [s.sku_code, s.gtin ?? '', s.gtin ? 'EAN' : '', 'Delete'];
  } else if (channel === 'ebay') {
    header = ['Action(SiteID=Germany|Country=DE|Currency=EUR|Version=1193)', 'CustomLabel', 'EndCode'];
    row = (s) => ['End', s.sku_code, 'NotAvailable'];
  } else {
    header = ['sku', 'ean', 'status'];
    row = (s) => [s.sku_code, s.gtin ?? '', 'offline'];
  }
  return [header, ...items.map(row)].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** The channel's name as the export templates call it (for the file name and the UI). */
export function channelName(channel: DelistingChannel): string {
  const t = TEMPLATES.filter((x) => x.channel === channel).at(-1);
  return t?.name ?? channel;
}
