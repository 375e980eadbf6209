import { getDb } from '@/lib/db/client';
import { workspaceMembers } from '@/lib/db/schema';
import type { Role } from '@/lib/auth/roles';
import { makeUser, type TestUser } from '../../helpers/http';

/**
 * A person who joined `owner`'s workspace with `role`, signed in with the team workspace active. They
 * also have the personal workspace every new user gets, so isolation between the two is exercised.
 */
export async function addMember(
  owner: TestUser,
  role: Exclude<Role, 'owner'>,
  email?: string,
): Promise<TestUser & { role: Role }> {
  const u = await makeUser({ email });
  await (
    await getDb()
  )
    .insert(workspaceMembers)
    .values({ workspaceId: owner.workspaceId, userId: u.id, email: u.email, role });
  return { ...u, workspaceId: owner.workspaceId, cookie: `${u.cookie}; cw-workspace=${owner.workspaceId}`, role };
}
