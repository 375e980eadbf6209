'use client';

import * as React from 'react';
import { PERMISSION_ROLE, ROLES, requiredRole, roleAtLeast, type Permission, type Role } from '@/lib/auth/roles';
import type { Member } from '@/lib/team/schemas';
import { teamMessages } from '@/lib/i18n/ui/team';
import { useT } from '@/components/i18n/locale-provider';

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
  const t = useT(teamMessages);
  const required = typeof action === 'string' ? PERMISSION_ROLE[action] : requiredRole(action);
  if (!me || roleAtLeast(me.role, required)) return { allowed: true, reason: null, required };
  return {
    allowed: false,
    reason: t(me.role === 'admin' || me.role === 'editor' || me.role === 'owner' ? 'can.needs_an' : 'can.needs_a', {
      required: t(`role.${required}`),
      role: t(`role.${me.role}`),
    }),
    required,
  };
}

/** A role's name in the UI language: `useRoleLabel()(role)`; a code that is not a role is shown as sent. */
export function useRoleLabel(): (role: string) => string {
  const t = useT(teamMessages);
  return (role) => ((ROLES as readonly string[]).includes(role) ? t(`role.${role as Role}`) : role);
}
