import type { Role } from '@/lib/enums';

/**
 * The closed table of workspace roles and what each may do. The route kit asks `requiredRole` for
 * every authenticated operation, so a route declares nothing about roles: an operation gets the
 * default of its method (reading for GET, editing otherwise) unless its area or its operationId is
 * listed below. A route added later is therefore covered the moment it exists.
 */
export { ROLES, type Role } from '@/lib/enums';

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  viewer: 'Reads SKUs, dossiers, documents and the audit log; exports. Changes nothing.',
  editor: 'Everything a viewer does, plus SKUs, dossier values, documents, imports and supplier outreach.',
  reviewer: 'Everything an editor does, plus waivers, completing reviews, approving and publishing.',
  admin: 'Everything a reviewer does, plus members, invitations, API keys and workspace settings.',
  owner: 'Everything an admin does, plus transferring ownership. Exactly one per workspace.',
};

const RANK: Record<Role, number> = { viewer: 0, editor: 1, reviewer: 2, admin: 3, owner: 4 };

export const roleAtLeast = (role: Role, least: Role) => RANK[role] >= RANK[least];

/** What an operation does, from the workspace's point of view. */
export type Permission = 'self' | 'read' | 'edit' | 'review' | 'manage' | 'own';

export const PERMISSION_ROLE: Record<Permission, Role> = {
  self: 'viewer',
  read: 'viewer',
  edit: 'editor',
  review: 'reviewer',
  manage: 'admin',
  own: 'owner',
};

/** Operations whose permission differs from their method's and area's default. */
export const OPERATION_PERMISSIONS: Readonly<Record<string, Permission>> = {
  // Compliance decisions.
  approveSku: 'review',
  completeSkuReview: 'review',
  publishSku: 'review',
  waiveSkuBlocker: 'review',
  revokeSkuWaiver: 'review',
  // Who may read a passport above the public tier is a compliance decision (issue 37).
  createPassportAccessGrant: 'review',
  revokePassportAccessGrant: 'review',
  // Compiling a passport of a publication is part of publishing it.
  backfillPassports: 'review',
  // Which linked operator holds a duty the seller's role does not (issue 35) is a compliance decision.
  confirmSkuHeldBy: 'review',
  revokeSkuHeldBy: 'review',
  // Exporting is reading; the MCP endpoint is read-only JSON-RPC over POST.
  createExportRun: 'read',
  mcpJsonRpc: 'read',
  // Settings that change how the workspace works.
  updateOutreachSettings: 'manage',
  // A person's own membership: accepting an invitation, switching workspace, their notification setting.
  acceptInvitation: 'self',
  switchWorkspace: 'self',
  updateMySettings: 'self',
  // Only the owner hands the workspace over.
  transferOwnership: 'own',
  // Market watch: deciding a match and carrying a recall out are compliance decisions; feed URLs are settings.
  decideRecallMatch: 'review',
  openRecallCase: 'review',
  publishRecallNotice: 'review',
  closeRecallCase: 'review',
  addRecallFeedSource: 'manage',
  deleteRecallFeedSource: 'manage',
};

/** Areas administered by admins: every operation under them, reading included, unless listed above. */
const MANAGED_AREAS: readonly { prefix: string; methods: 'all' | 'write' }[] = [
  { prefix: '/api/workspace/api-keys', methods: 'all' },
  { prefix: '/api/workspace/webhooks', methods: 'all' },
  { prefix: '/api/invitations', methods: 'all' },
  { prefix: '/api/workspace', methods: 'write' },
  { prefix: '/api/members', methods: 'write' },
];

const underPrefix = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

export function permissionFor(op: { operationId: string; method: string; path: string }): Permission {
  const listed = OPERATION_PERMISSIONS[op.operationId];
  if (listed) return listed;
  const reads = op.method === 'GET' || op.method === 'HEAD';
  const area = MANAGED_AREAS.find((a) => underPrefix(op.path, a.prefix));
  if (area && (area.methods === 'all' || !reads)) return 'manage';
  return reads ? 'read' : 'edit';
}

export const requiredRole = (op: { operationId: string; method: string; path: string }): Role =>
  PERMISSION_ROLE[permissionFor(op)];

const article = (r: Role) => (r === 'admin' || r === 'owner' || r === 'editor' ? 'an' : 'a');

export function insufficientRoleMessage(role: Role, required: Role) {
  return `This needs the ${required} role${required === 'owner' ? '' : ' or higher'}; you are ${article(role)} ${role} in this workspace.`;
}
