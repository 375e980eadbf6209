import type { PlanId } from '@/lib/plans';
import type { Role } from './roles';
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

/**
 * Who is calling, resolved by the route kit. Domain functions receive workspaceId and actor from it.
 * A key acts for the member who created it: `role` is that member's role now (a key never does more
 * than its owner may), `ownerUserId` null only for keys made before keys had owners.
 */
export type AuthContext =
  | { kind: 'session'; workspace: WorkspaceRef; user: SessionUser; role: Role; expiresAt?: Date; apiKey?: undefined }
  | {
      kind: 'bearer';
      workspace: WorkspaceRef;
      role: Role;
      apiKey: { id: string; name: string; scopes: Scope[]; ownerUserId: string | null };
      user?: undefined;
    };

export interface Actor {
  userId: string | null;
  apiKeyId: string | null;
  label: string;
  /** The person answerable for the act: the user, or the member owning the API key. */
  personId?: string | null;
}

export function actorOf(auth: AuthContext): Actor {
  return auth.kind === 'session'
    ? { userId: auth.user.id, apiKeyId: null, label: auth.user.email, personId: auth.user.id }
    : {
        userId: null,
        apiKeyId: auth.apiKey.id,
        label: `API key ${auth.apiKey.name}`,
        personId: auth.apiKey.ownerUserId,
      };
}

/** The person behind an actor, for four-eyes comparisons. */
export const personOf = (actor: Actor) => actor.personId ?? actor.userId;
