/** The plans, cheapest first (response schemas enumerate them; the client reads the type). */
export const PLAN_IDS = ['trial', 'pro', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface PlanLimits {
  label: string;
  skuLimit: number;
  storageBytes: number;
  maxApiKeys: number;
  /** Trial keys may only carry read scopes. */
  readOnlyKeys: boolean;
  /** Bearer access to GET /api/skus/{id}/export. */
  bearerExport: boolean;
  /** People in the workspace: members plus open invitations. */
  maxSeats: number;
}

const MB = 1024 * 1024;

/** The one table of plan limits. Everything that depends on a plan reads it from here. */
export const PLANS: Record<PlanId, PlanLimits> = {
  trial: {
    label: 'Trial',
    skuLimit: 100,
    storageBytes: 500 * MB,
    maxApiKeys: 1,
    readOnlyKeys: true,
    bearerExport: false,
    maxSeats: 3,
  },
  pro: {
    label: 'Pro',
    skuLimit: 10_000,
    storageBytes: 20 * 1024 * MB,
    maxApiKeys: 25,
    readOnlyKeys: false,
    bearerExport: true,
    maxSeats: 25,
  },
  enterprise: {
    label: 'Enterprise',
    skuLimit: 250_000,
    storageBytes: 500 * 1024 * MB,
    maxApiKeys: 200,
    readOnlyKeys: false,
    bearerExport: true,
    maxSeats: 500,
  },
};

export const isPlanId = (s: string): s is PlanId => Object.hasOwn(PLANS, s);

export function planLimitsJson(plan: PlanId) {
  const p = PLANS[plan];
  return {
    plan,
    label: p.label,
    sku_limit: p.skuLimit,
    storage_bytes: p.storageBytes,
    max_api_keys: p.maxApiKeys,
    read_only_keys: p.readOnlyKeys,
    bearer_export: p.bearerExport,
    max_seats: p.maxSeats,
  };
}
