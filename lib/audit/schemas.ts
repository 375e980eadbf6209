import { z } from 'zod';
import { DateTime, Uuid } from '@/lib/http/schemas';

const Filters = {
  /** Kept for callers of the first version: same as action. */
  action_prefix: z.string().max(100).optional(),
  action: z.string().max(100).optional().describe('Events whose action starts with this (sku.approv, member.).'),
  actor: z.string().trim().min(1).max(254).optional().describe('A member user id, or part of the name of who acted.'),
  sku: z.string().trim().min(1).max(100).optional().describe('A SKU id or its exact code.'),
  from: DateTime.optional().describe('Events at or after this time.'),
  to: DateTime.optional().describe('Events before this time.'),
};

export const AuditLogQuery = z.strictObject({
  ...Filters,
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditLogQuery = z.output<typeof AuditLogQuery>;

export const AuditLogCsvQuery = z.strictObject(Filters);

export const AuditLogEvent = z
  .object({
    id: Uuid,
    action: z.string(),
    actor: z.string().nullable().describe("The member's email, or the label of the key or process that acted."),
    actor_user_id: z.string().nullable(),
    actor_api_key_id: z.string().nullable(),
    target_type: z.string().nullable(),
    target_id: z.string().nullable(),
    target_label: z.string().nullable().describe('The SKU code or the member/invitation email the event is about.'),
    sku: z.object({ id: z.string(), sku_code: z.string().nullable() }).nullable(),
    data: z.record(z.string(), z.unknown()),
    created_at: DateTime,
  })
  .meta({ id: 'AuditEvent' });

export const AuditLogPage = z.object({
  events: z.array(AuditLogEvent),
  next_cursor: z.string().nullable(),
  has_more: z.boolean(),
});
