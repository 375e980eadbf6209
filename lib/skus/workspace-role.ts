/** The workspace's economic-operator role (issue 35): what every SKU without a role of its own follows. */
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { workspaces } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { DEFAULT_OPERATOR_ROLE, type OperatorRole } from '@/lib/requirements/types';

export async function getWorkspaceOperatorRole(
  db: Db,
  { workspaceId }: { workspaceId: string },
): Promise<OperatorRole> {
  const [ws] = await db
    .select({ role: workspaces.operatorRole })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (!ws) throw new AppError('NOT_FOUND', 'Workspace not found.');
  return ws.role ?? DEFAULT_OPERATOR_ROLE;
}
