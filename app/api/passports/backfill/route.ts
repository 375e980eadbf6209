import { defineRoute, json, routeMethods } from '@/lib/http';
import { publicAppUrl } from '@/lib/config/public-url';
import { backfillPassports } from '@/lib/passports/backfill';
import { BackfillPassportsInput, BackfillPassportsResponse } from '@/lib/passports/schemas';

// POST /api/passports/backfill – passports for SKUs published before passports existed.
const backfill = defineRoute({
  method: 'POST',
  path: '/api/passports/backfill',
  operationId: 'backfillPassports',
  summary: 'Compile passports of earlier publications',
  description:
    'Compiles the passport of the published revision of each SKU that was published before passports existed (or of the SKUs in sku_ids), from the approved data only: a SKU whose status is no longer published (changed or approved again since its publication) is skipped and gets its passport when published again; a withdrawn page gets none. At most 100 SKUs per call; remaining says how many are left. Audited as passport.backfilled. With dry_run, says what it would compile.',
  tags: ['Passports'],
  stability: 'preview',
  auth: 'session',
  body: BackfillPassportsInput,
  dryRun: true,
  idempotent: true,
  responses: {
    200: { description: 'What was compiled and what was skipped, and why.', schema: BackfillPassportsResponse },
  },
  handler: async ({ db, auth, actor, body, dryRun, req }) =>
    json(
      await backfillPassports(db, {
        workspaceId: auth.workspace.id,
        actor,
        baseUrl: publicAppUrl(req),
        skuIds: body.sku_ids,
        dryRun,
      }),
    ),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(backfill);
