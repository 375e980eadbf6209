/** Shapes of the JSON the workspace UI reads, as the API contract and the lead's routes define them. */

export type Plan = 'trial' | 'pro' | 'enterprise';

export interface SessionUser {
  id: string;
  email: string;
  is_staff: boolean;
}

export interface SessionWorkspace {
  id: string;
  name: string;
  plan: Plan;
}

export interface AuthResponse {
  user: SessionUser;
  workspace: SessionWorkspace;
}

export interface PlanLimits {
  sku_limit: number | null;
  storage_bytes: number | null;
  max_api_keys: number | null;
  read_only_keys: boolean;
  bearer_export: boolean;
}

export interface ScopeInfo {
  scope: string;
  description: string;
  read_only: boolean;
  allowed_on_plan: boolean;
}

export interface WorkspaceInfo {
  workspace: SessionWorkspace & { created_at: string };
  plan_limits: PlanLimits;
  usage: { skus: number; storage_bytes: number; api_keys: number };
  scopes: ScopeInfo[];
}

export interface ApiKey {
  id: string;
  name: string;
  key_prefix: string;
  scopes: string[];
  created_at: string;
  last_used_at?: string | null;
  expires_at?: string | null;
  revoked_at?: string | null;
}

export type ApiKeyWithSecret = ApiKey & { key: string };
