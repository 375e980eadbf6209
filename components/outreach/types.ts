/** The outreach screens' names for the contract's shapes (z.infer of lib/outreach/schemas). */
import type { z } from 'zod';
import type { DraftSchema, RequestItemSchema, SupplierRequestSchema } from '@/lib/outreach/schemas';
import type { T } from '@/lib/i18n/ui';
import { outreachMessages } from '@/lib/i18n/ui/outreach';

export type OutreachT = T<(typeof outreachMessages)['en']>;

export type RequestItem = z.infer<typeof RequestItemSchema>;
export type SupplierRequest = z.infer<typeof SupplierRequestSchema>;
export type Draft = z.infer<typeof DraftSchema>;

export const STATUS_VARIANT: Record<string, 'neutral' | 'primary' | 'success' | 'warning' | 'danger' | 'info'> = {
  sending: 'neutral',
  sent: 'info',
  in_progress: 'primary',
  to_review: 'warning',
  done: 'success',
  no_progress: 'danger',
  cancelled: 'neutral',
  failed: 'danger',
};

/** A request status in words; a status this screen does not know yet is shown as its code in words. */
export function statusLabel(s: string, t: OutreachT): string {
  const key = `status.${s}`;
  return key in outreachMessages.en ? t(key as keyof (typeof outreachMessages)['en']) : s.replace(/_/g, ' ');
}
