'use client';

import * as React from 'react';
import { PERMISSION_ROLE, requiredRole, roleAtLeast, type Permission, type Role } from '@/lib/auth/roles';
import type { Member } from '@/lib/team/schemas';

/** The signed-in person as a member of the active workspace: the server's Member shape (GET /api/members). */
export type Me = Pick<Member, 'user_id' | 'email' | 'role'>;

const MeContext = React.createContext<Me | null>(null);

/** The signed-in person and their role in the active workspace, for hiding or disabling what they may not do. */
export function MeProvider({ me, children }: { me: Me; children: React.ReactNode }) {
  return <MeContext.Provider value={me}>{children}</MeContext.Provider>;
}

export function useMe(): Me | null {
  return React.useContext(MeContext);
}

/**
 * What a control does: a permission, or the API operation it calls. An operation is resolved by the
 * same `requiredRole` the route kit enforces (lib/auth/roles.ts), so the UI and the server cannot disagree.
 */
export type Action =
  Permission | { operationId: string; method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string };

export interface Can {
  allowed: boolean;
  /** The sentence saying why not, naming the role needed and the member's own, or null when allowed. */
  reason: string | null;
  required: Role;
}

/** Whether the signed-in person may do something. Outside a provider everything is allowed: the server still decides. */
export function useCan(action: Action): Can {
  const me = useMe();
  const required = typeof action === 'string' ? PERMISSION_ROLE[action] : requiredRole(action);
  if (!me || roleAtLeast(me.role, required)) return { allowed: true, reason: null, required };
  return {
    allowed: false,
    reason: `Needs the ${required} role; you are ${me.role === 'admin' || me.role === 'editor' || me.role === 'owner' ? 'an' : 'a'} ${me.role}.`,
    required,
  };
}
