/** The outreach screens' names for the contract's shapes (z.infer of lib/outreach/schemas). */
import type { z } from 'zod';
import type { DraftSchema, RequestItemSchema, SupplierRequestSchema } from '@/lib/outreach/schemas';

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

export const statusLabel = (s: string) => s.replace(/_/g, ' ');
