/**
 * The events a workspace can subscribe to. Every type listed here is emitted; each names where: an
 * audit action written in the change's transaction (lib/audit.ts), the SKU evaluation (lib/skus/evaluate.ts:
 * single-SKU changes; an import reports import.finished instead), or the step that finishes the work.
 * No imports: the settings page reads this list.
 */
export const WEBHOOK_EVENTS = {
  'sku.blocked':
    'A SKU got its first open blocker (also when it is created with one): it cannot be approved or sold. data: sku_id, sku_code, open_blockers, codes.',
  'sku.ready': 'A SKU has no open blocker any more and can be reviewed and approved. data: sku_id, sku_code.',
  'sku.approved': 'A SKU was approved (four-eyes rules passed). data: sku_id, sku_code.',
  'sku.approval_reset': 'A change to confirmed data reset an approval: the SKU must be approved again. data: sku_id.',
  'sku.published': 'A safety page was published or republished. data: sku_id, revision, public_url.',
  'sku.withdrawn': 'A SKU was deleted and its public page withdrawn (410). data: sku_id, sku_code.',
  'import.finished': 'An import batch finished. data: batch_id and its counts.',
  'extraction.finished':
    'A document was read (text, facts, SKU matches) or given up as unreadable. data: document_id, ok, status and counts.',
  'export.finished': 'An export run finished (completed or completed_with_warnings). data: run_id, status, sku_count.',
  'supplier.answered': 'A supplier replied or uploaded through the request link. data: request_id, sku_id, files.',
  'recall.match':
    'An alert of a recall feed (Safety Gate, RappelConso) matched a SKU of the catalogue; a person decides. data: match_id, alert_id, feed, reference, sku_id, sku_code, score, strength.',
  'sku.recalled':
    'A recall case recalled a SKU from consumers (its market status is recalled). data: sku_id, sku_code, case_id.',
  'sku.market_withdrawn':
    'A recall case withdrew a SKU from the market (not sold any more; distinct from sku.withdrawn, a deletion). data: sku_id, sku_code, case_id.',
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];

/** Audit actions that are webhook events too, written in the same transaction. */
export const AUDIT_ACTION_EVENTS: Record<string, WebhookEventType> = {
  'sku.approved': 'sku.approved',
  'sku.approval_reset': 'sku.approval_reset',
  'sku.published': 'sku.published',
  'sku.deleted': 'sku.withdrawn',
  'import.completed': 'import.finished',
  'sku.recalled': 'sku.recalled',
  'sku.market_withdrawn': 'sku.market_withdrawn',
};
