import { defineRoute, json, routeMethods } from '@/lib/http';
import { StaffGtinClaimListResponse, StaffGtinClaimsQuery } from '@/lib/gtin-claims/schemas';
import { listClaimsForStaff } from '@/lib/gtin-claims/service';

// GET /api/staff/gtin-claims – every workspace's claims and their disputes (staff only).
const list = defineRoute({
  method: 'GET',
  path: '/api/staff/gtin-claims',
  operationId: 'listGtinClaimsForStaff',
  summary: 'GTIN claims of all workspaces, with disputes (staff)',
  description:
    'Staff are users whose token carries app_metadata.staff (`npm run admin -- create-user <email> --staff`). `status=disputed` lists claims another workspace also claims or has published under.',
  tags: ['GTIN ownership'],
  stability: 'preview',
  auth: 'session',
  staffOnly: true,
  query: StaffGtinClaimsQuery,
  responses: { 200: { description: 'Claims, newest first.', schema: StaffGtinClaimListResponse } },
  handler: async ({ db, query }) => json({ data: await listClaimsForStaff(db, { status: query.status }) }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list);
