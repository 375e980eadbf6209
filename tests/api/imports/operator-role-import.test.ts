/**
 * SKUs an import creates follow the workspace's economic-operator role (issue 35): in a distributor
 * workspace a new general product's risk analysis is the manufacturer's duty, held by it (a warning,
 * GPSR Art. 12), not a manufacturer's blocker; the same file in a manufacturer workspace is blocked.
 * Runs on PGlite and Postgres.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as workspaceRoleRoute from '@/app/api/workspace/operator-role/route';
import { getDb } from '@/lib/db/client';
import { skus } from '@/lib/db/schema';
import { call, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { importAndRun } from './helpers';

useTestDatabase();

const CSV = 'sku_code,product_name,category,target_markets\nIMP-ROLE-1,Bamboo cutting board,general,DE\n';

async function riskOf(u: TestUser) {
  const db = await getDb();
  const [r] = await db.select().from(skus).where(eq(skus.workspaceId, u.workspaceId));
  return r.blockers.filter((b) => b.code === 'RISK_ASSESSMENT_MISSING' && !b.waived).map((b) => b.severity);
}

describe('import into a workspace whose role is not manufacturer', () => {
  it('a distributor workspace: the new SKU gets the distributor’s requirements (risk analysis held by the manufacturer: warning)', async () => {
    const dist = await makeUser();
    const res = await call(workspaceRoleRoute, 'PUT', '/api/workspace/operator-role', {
      cookie: dist.cookie,
      body: { operator_role: 'distributor' },
    });
    expect(res.status, res.text).toBeLessThan(300);
    await importAndRun(dist, CSV, 'catalogue.csv');
    expect(await riskOf(dist)).toEqual(['warning']);

    const maker = await makeUser();
    await importAndRun(maker, CSV, 'catalogue.csv');
    expect(await riskOf(maker)).toEqual(['blocker']);
  }, 240_000);
});
