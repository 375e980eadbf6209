import type { PlanId } from '@/lib/plans';
import type { Scope } from './scopes';

export interface WorkspaceRef {
  id: string;
  name: string;
  plan: PlanId;
}

export interface SessionUser {
  id: string;
  email: string;
  isStaff: boolean;
}

/** Who is calling, resolved by the route kit. Domain functions receive workspaceId and actor from it. */
export type AuthContext =
  | { kind: 'session'; workspace: WorkspaceRef; user: SessionUser; role: 'owner' | 'admin' | 'member'; expiresAt?: Date; apiKey?: undefined }
  | { kind: 'bearer'; workspace: WorkspaceRef; apiKey: { id: string; name: string; scopes: Scope[] }; user?: undefined };

export interface Actor {
  userId: string | null;
  apiKeyId: string | null;
  label: string;
}

export function actorOf(auth: AuthContext): Actor {
  return auth.kind === 'session'
    ? { userId: auth.user.id, apiKeyId: null, label: auth.user.email }
    : { userId: null, apiKeyId: auth.apiKey.id, label: `API key ${auth.apiKey.name}` };
}
