import { defineRoute, json, routeMethods } from '@/lib/http';
import { serializeJobRun } from '@/lib/jobs/runs';
import { getWorkspaceOperatorRole, latestRoleRecompute, setWorkspaceOperatorRole } from '@/lib/skus/operator-role';
import {
  RoleChangeQueuedSchema,
  RoleChangeResultWithJob,
  SetWorkspaceOperatorRoleInput,
  WorkspaceOperatorRoleResponse,
} from '@/lib/skus/operator-role-schemas';

// GET /api/workspace/operator-role – the workspace's economic-operator role.
const get = defineRoute({
  method: 'GET',
  path: '/api/workspace/operator-role',
  operationId: 'getWorkspaceOperatorRole',
  summary: "The workspace's economic-operator role",
  tags: ['Workspace'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:read',
  responses: {
    200: {
      description: 'The role, and the latest re-evaluation run of a role change (null when none ran as a job).',
      schema: WorkspaceOperatorRoleResponse,
    },
  },
  handler: async ({ db, auth }) => {
    const job = await latestRoleRecompute(db, { workspaceId: auth.workspace.id });
    return json({
      operator_role: await getWorkspaceOperatorRole(db, { workspaceId: auth.workspace.id }),
      job: job ? serializeJobRun(job) : null,
    });
  },
});

// PUT /api/workspace/operator-role – change it: every SKU without a role of its own is re-evaluated.
const put = defineRoute({
  method: 'PUT',
  path: '/api/workspace/operator-role',
  operationId: 'setWorkspaceOperatorRole',
  summary: "Set the workspace's economic-operator role",
  description:
    "Re-evaluates every SKU that follows the workspace role (no role of its own). An approval or completed review is reset only for SKUs whose open blockers or warnings changed. Up to OPERATOR_ROLE_SYNC_LIMIT (default 200) such SKUs this happens inside the request (200, with the SKUs changed and reset; `job` is the run still re-evaluating for this role when the role was already set, else null). A larger workspace gets 202 and a job (type workspace.operator_role_recompute): the role is set at once, the SKUs are re-evaluated in chunks, the run's progress holds total, done, changed, approval_reset; poll GET /api/jobs/{id} or GET /api/workspace/operator-role. A later change cancels a run still going (the latest role wins); a run interrupted by a restart resumes after its last chunk.",
  tags: ['Workspace'],
  stability: 'preview',
  auth: 'session',
  body: SetWorkspaceOperatorRoleInput,
  responses: {
    200: {
      description: 'Changed and re-evaluated (or unchanged).',
      schema: RoleChangeResultWithJob,
    },
    202: { description: 'Changed; the SKUs are re-evaluated by a job.', schema: RoleChangeQueuedSchema },
  },
  handler: async ({ db, auth, actor, body }) => {
    const r = await setWorkspaceOperatorRole(db, { workspaceId: auth.workspace.id, actor, role: body.operator_role });
    if (r.mode === 'queued')
      return json(
        {
          operator_role: r.operator_role,
          following: r.following,
          job: { ...serializeJobRun(r.job), poll_url: `/api/jobs/${r.job.id}` },
        },
        202,
      );
    return json({ ...r.result, job: r.job ? serializeJobRun(r.job) : null });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get, put);
