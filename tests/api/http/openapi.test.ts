/**
 * The OpenAPI document: the route manifest lists every route file, the document is OpenAPI 3.1 at the
 * contract's version with stability, security and the error envelope on every operation, and integer
 * bounds are the declared ones (no ±9007199254740991 placeholders).
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import * as openapi from '@/app/api/openapi.json/route';
import { ERROR_CODES } from '@/lib/errors';

describe('OpenAPI document', () => {
  it('the route manifest lists every route file (no drift)', () => {
    expect(() =>
      execFileSync(process.execPath, ['scripts/gen-route-manifest.mjs', '--check'], { stdio: 'pipe' }),
    ).not.toThrow();
  });

  it('is OpenAPI 3.1, version 2026-04-28, every operation with stability, security and the error envelope', async () => {
    const res = await openapi.GET(new Request('http://127.0.0.1:3100/api/openapi.json'));
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('2026-04-28');
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['bearerAuth', 'cookieAuth']);
    expect(doc.components.securitySchemes.cookieAuth).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'sb-access-token',
    });
    const ops = Object.entries(doc.paths).flatMap(([p, methods]: [string, any]) =>
      Object.entries(methods).map(([m, op]: [string, any]) => ({ p, m, op })),
    );
    expect(ops.length).toBeGreaterThan(10);
    const ids = new Set<string>();
    for (const { p, m, op } of ops) {
      expect(['stable', 'preview'], `${m} ${p}`).toContain(op['x-stability']);
      expect(ids.has(op.operationId), `duplicate ${op.operationId}`).toBe(false);
      ids.add(op.operationId);
      expect(op.responses['401'] ?? op.responses['400']).toBeDefined();
      expect(op.responses['500']).toEqual({ $ref: '#/components/responses/Error500' });
    }
    const create = doc.paths['/api/workspace/api-keys'].post;
    expect(create['x-stability']).toBe('stable');
    expect(create.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/CreateApiKeyInput',
    });
    const input = doc.components.schemas.CreateApiKeyInput;
    expect(input.additionalProperties).toBe(false);
    expect(input.properties.scopes).toMatchObject({ minItems: 1, maxItems: 10 });
    expect(doc.components.schemas.ApiKey.additionalProperties).toBe(false);
    expect(doc.paths['/api/health'].get.security).toEqual([]);
    expect(doc.components.schemas.ErrorEnvelope.required).toEqual(
      expect.arrayContaining(['error', 'error_code', 'code', 'correlation_id']),
    );
    expect(Object.keys(doc['x-error-codes'])).toEqual(Object.keys(ERROR_CODES));
  });

  it('integer bounds are real: no ±9007199254740991 placeholder, declared bounds kept', async () => {
    const doc = await (await openapi.GET(new Request('http://127.0.0.1:3100/api/openapi.json'))).json();
    const text = JSON.stringify(doc);
    expect(text).not.toContain(String(Number.MAX_SAFE_INTEGER));
    let integers = 0;
    JSON.stringify(doc, (_k, v) => {
      if (v && typeof v === 'object' && v.type === 'integer') integers++;
      return v;
    });
    expect(integers).toBeGreaterThan(100);
    const limit = doc.paths['/api/skus'].get.parameters.find((p: { name: string }) => p.name === 'limit');
    expect(limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
  });
});
