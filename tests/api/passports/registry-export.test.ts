/**
 * The EU DPP registry export: one record per SKU's latest passport, valid against the CIRPASS-2 mock
 * registry schema (checked here with Ajv against the transcription REGISTRY_RECORD_SCHEMA), the version
 * hash of the passport, and the passports that cannot be registered listed with their problems.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as exportRoute from '@/app/api/passports/registry-export/route';
import * as listRoute from '@/app/api/skus/[id]/passports/route';
import { resetEnvCache } from '@/lib/config/env';
import { REGISTRY_RECORD_SCHEMA, registryRecordOf } from '@/lib/passports/registry';
import { call, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { approve, publish, readySku, setFields, withTempBlobStore } from '../skus/fixtures';

useTestDatabase();
withTempBlobStore();

const ajv = new Ajv2020({ allErrors: true, strict: false });
ajv.addFormat('uri', /^[a-z][a-z0-9+.-]*:\S*$/i);
const validate = ajv.compile(REGISTRY_RECORD_SCHEMA);

let u: TestUser;
let complete: { id: string; sku_code: string };
let partial: { id: string; sku_code: string };
beforeAll(async () => {
  u = await makeUser({ plan: 'pro' });
  complete = await readySku(u);
  await setFields(u, complete.id, {
    hs_code: '441911',
    operator_identifier: 'DE123456789',
    facility_identifier: '4012345000009',
  });
  await approve(u, complete.id);
  expect((await publish(u, complete.id)).status).toBe(200);
  partial = await readySku(u);
  await approve(u, partial.id);
  expect((await publish(u, partial.id)).status).toBe(200);
});
afterAll(() => {
  delete process.env.PUBLIC_APP_URL;
  resetEnvCache();
});

describe('passportRegistryExport — registry export', () => {
  // Set after the setup: writes are checked against the app's address (CSRF), which this changes.
  beforeAll(() => {
    process.env.PUBLIC_APP_URL = 'https://dpp.example.com';
    resetEnvCache();
  });
  it('reports the files and the passports left out with their problems', async () => {
    const res = await call(exportRoute, 'GET', '/api/passports/registry-export', { cookie: u.cookie });
    expect(res.status, res.text).toBe(200);
    expect(res.body.records_total).toBe(1);
    expect(res.body.files).toEqual([{ part: 1, records: 1, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    expect(res.body.template_note).toContain('not public');
    expect(res.body.skipped).toEqual([
      expect.objectContaining({
        sku_code: partial.sku_code,
        problems: expect.arrayContaining([
          expect.stringContaining('operator_identifier'),
          expect.stringContaining('hs_code'),
        ]),
      }),
    ]);
  });

  it('files records valid against the mock registry schema, with the passport version hash', async () => {
    const res = await call(exportRoute, 'GET', '/api/passports/registry-export', {
      cookie: u.cookie,
      query: { part: '1' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('dpp-registry-1-of-1.json');
    expect(res.body).toHaveLength(1);
    const [rec] = res.body;
    expect(validate(rec), JSON.stringify(validate.errors)).toBe(true);
    const list = await call(listRoute, 'GET', `/api/skus/${complete.id}/passports`, {
      cookie: u.cookie,
      params: { id: complete.id },
    });
    const latest = list.body.passports[0];
    expect(rec).toMatchObject({
      reoId: 'DE123456789',
      commodityCode: '441911',
      facilitiesId: ['4012345000009'],
      granularityLevel: 'MODEL',
      liveURL: `https://dpp.example.com/p/${latest.public_id}/passport`,
      backupURL: `https://dpp.example.com/p/${latest.public_id}/passport/${latest.version}`,
      dppVersion: latest.version,
      dppVersionHash: latest.content_sha256,
    });
    expect(rec.upi).toMatch(/^https:\/\/id\.gs1\.org\/01\/\d{14}$/);
    expectEnvelopeStatus(
      await call(exportRoute, 'GET', '/api/passports/registry-export', { cookie: u.cookie, query: { part: '2' } }),
      404,
    );
  });

  it('files at most 100 records each; broken records fail the schema', () => {
    const made = registryRecordOf({
      baseUrl: 'http://insecure.example',
      publicId: 'abc',
      version: 1,
      contentSha256: 'f'.repeat(64),
      gtin14: null,
      skuCode: 'X',
      fields: { hs_code: '12', operator_identifier: 'A' },
    });
    expect(made.problems.join(' ')).toMatch(/https/);
    expect(validate(made.record)).toBe(false);
    expect(validate({ ...made.record, granularityLevel: 'ITEM' })).toBe(false); // ITEM needs deactivated
  });
});

function expectEnvelopeStatus(res: { status: number; body: { error?: { code: string } } }, status: number) {
  expect(res.status).toBe(status);
  expect(res.body.error?.code).toBe('NOT_FOUND');
}
