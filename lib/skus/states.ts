/**
 * A SKU's statuses, in workflow order. Its own module without zod, so the browser can import the list
 * (filter chips, charts) without the schemas and zod coming along.
 */
export const SKU_STATES = ['blocked', 'needs_review', 'ready_for_approval', 'approved', 'published'] as const;
