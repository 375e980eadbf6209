'use client';

import * as React from 'react';
import { PERMISSION_ROLE, roleAtLeast, type Permission, type Role } from '@/lib/auth/roles';

export interface Me {
  userId: string;
  email: string;
  role: Role;
}

const MeContext = React.createContext<Me | null>(null);

/** The signed-in person and their role in the active workspace, for hiding or disabling what they may not do. */
export function MeProvider({ me, children }: { me: Me; children: React.ReactNode }) {
  return <MeContext.Provider value={me}>{children}</MeContext.Provider>;
}

export function useMe(): Me | null {
  return React.useContext(MeContext);
}

/**
 * Whether the signed-in person may do something, and if not, the sentence saying why (the same table
 * the server enforces). Outside a provider everything is allowed: the server still decides.
 */
export function useCan(permission: Permission): { allowed: boolean; reason: string | null } {
  const me = useMe();
  if (!me) return { allowed: true, reason: null };
  const needed = PERMISSION_ROLE[permission];
  return roleAtLeast(me.role, needed) ? { allowed: true, reason: null } : { allowed: false, reason: `Needs the ${needed} role; you are ${me.role === 'admin' || me.role === 'editor' || me.role === 'owner' ? 'an' : 'a'} ${me.role}.` };
}
