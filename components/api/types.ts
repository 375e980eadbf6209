/**
 * The workspace screens' names for the contract's shapes: z.infer types of the server schemas
 * (lib/auth, lib/workspace, lib/plans), imported type-only. Nothing is restated by hand.
 */
import type { z } from 'zod';
import type {
  ApiKey as ApiKeySchema,
  ApiKeyWithSecret as ApiKeyWithSecretSchema,
} from '@/lib/http/auth/api-key-schemas';
import type { SessionResponse } from '@/lib/http/auth/schemas';
import type { PlanId } from '@/lib/plans';

export type { PlanLimits, ScopeInfo, WorkspaceOverview as WorkspaceInfo } from '@/lib/workspace/schemas';

export type Plan = PlanId;
export type AuthResponse = SessionResponse;
export type SessionUser = SessionResponse['user'];
export type SessionWorkspace = SessionResponse['workspace'];
export type ApiKey = z.infer<typeof ApiKeySchema>;
export type ApiKeyWithSecret = z.infer<typeof ApiKeyWithSecretSchema>;
