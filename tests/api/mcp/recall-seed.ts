import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as casesRoute from '@/app/api/recalls/cases/route';
import { getDb } from '@/lib/db/client';
import { skus } from '@/lib/db/schema';
import { call, type TestUser } from '../../helpers/http';
import { decide, importFeed, listMatches } from '../recalls/helpers';

/** A Safety Gate weekly report with one alert naming the GTIN (brand Holzwerk, model CB-200, as readySku). */
export const weeklyNaming = (gtin: string, reference = 'A12/09001/26') => `<?xml version="1.0" encoding="UTF-8"?>
<weeklyReport><report_date>20/11/2026</report_date><report_year>2026</report_year><report_week>47</report_week>
<notifications><caseNumber>2001</caseNumber><reference>${reference}</reference><category>Kitchen equipment</category>
<product>Cutting board</product><brand>Holzwerk</brand><name>Bamboo cutting board</name><type_numberOfModel>CB-200</type_numberOfModel>
<batchNumber>B-11</batchNumber><barcode>${gtin}</barcode><riskType>Chemical</riskType>
<danger>The board releases formaldehyde into food (measured: 30 mg/kg).</danger><measures>Recall of the product from end users</measures>
<notifyingCountry>Germany</notifyingCountry><countryOfOrigin>China</countryOfOrigin><type>Consumer</type><level>Serious risk</level>
<pictures><picture>https://ec.europa.eu/safety-gate-alerts/public/api/notification/image/1</picture></pictures></notifications>
</weeklyReport>`;

/**
 * Through the real routes: the alert is read, its strong match on the SKU confirmed with a reason, and a
 * recall case opened from the match. Returns the ids the MCP tools are asked about.
 */
export async function openRecallForTest(u: TestUser, skuId: string) {
  const db = await getDb();
  const [row] = await db.select({ gtin: skus.gtin }).from(skus).where(eq(skus.id, skuId));
  const imported = await importFeed(u, 'safety_gate', 'w47.xml', weeklyNaming(row.gtin!));
  expect(imported.status, imported.text).toBe(201);
  const m = (await listMatches(u, { sku_id: skuId })).data[0];
  expect(m, 'the alert matches the SKU').toBeTruthy();
  const decided = await decide(u, m.id, 'confirm', 'Same GTIN and model; batch B-11 was sold.');
  expect(decided.status, decided.text).toBe(200);
  const opened = await call(casesRoute, 'POST', '/api/recalls/cases', {
    cookie: u.cookie,
    body: { action: 'recall', reason: 'Safety Gate names our board.', match_ids: [m.id] },
  });
  expect(opened.status, opened.text).toBe(201);
  return { alertId: m.alert.id as string, matchId: m.id as string, caseId: opened.body.data.id as string };
}
