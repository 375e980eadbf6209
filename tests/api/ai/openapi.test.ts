/**
 * The OpenAPI document describes the AI-assisted operations (ai-fill, its job, cancel, sync-from-entity, product
 * research) with their shapes and stability.
 */
import { describe, expect, it } from 'vitest';
import * as openapi from '@/app/api/openapi.json/route';

/** The five AI-assisted operations in the OpenAPI document with their real bodies. */
describe('OpenAPI: AI-assisted operations', () => {
  it('documents ai-fill, its job, cancel, sync-from-entity and product research', async () => {
    const doc = await (await openapi.GET(new Request('http://127.0.0.1:3100/api/openapi.json'))).json();
    const schemas = doc.components.schemas;
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

    const fill = doc.paths['/api/skus/{id}/ai-fill'].post;
    expect(fill['x-stability']).toBe('stable');
    expect(fill.responses['202'].content['application/json'].schema).toEqual(ref('AiFillJob'));
    expect(fill.responses['409'].content['application/json'].schema).toEqual(ref('AiFillConflict'));
    expect(schemas.AiFillConflict).toMatchObject({
      additionalProperties: false,
      required: ['error', 'job_id', 'status'],
    });
    expect(schemas.AiFillConflict.properties.status.enum).toEqual(['pending', 'processing']);
    expect(fill.responses['402']).toBeDefined();

    expect(schemas.AiFillSuggestion).toMatchObject({
      additionalProperties: false,
      required: ['field_key', 'value', 'confidence', 'reasoning'],
    });
    expect(schemas.AiFillSuggestion.properties.reasoning.maxLength).toBe(300);
    expect(schemas.AiFillSuggestion.properties.confidence).toMatchObject({ minimum: 0, maximum: 1 });
    expect(schemas.AiFillJob.properties.status.enum).toEqual([
      'pending',
      'processing',
      'completed',
      'completed_degraded',
      'failed',
      'cancelled',
    ]);

    expect(doc.paths['/api/skus/{id}/ai-fill/job'].get.responses['200'].content['application/json'].schema).toEqual(
      ref('AiFillJob'),
    );
    expect(doc.paths['/api/skus/{id}/ai-fill/cancel'].post['x-stability']).toBe('stable');

    const sync = doc.paths['/api/skus/{id}/fields/{fieldId}/sync-from-entity'].post;
    expect(sync['x-stability']).toBe('stable');
    const params = sync.parameters.map((p: any) => p.name);
    expect(params).toEqual(expect.arrayContaining(['id', 'fieldId', 'dry_run', 'Idempotency-Key']));
    expect(sync.responses['409']).toBeDefined();

    const research = doc.paths['/api/research/product'].post;
    expect(research['x-stability']).toBe('preview');
    expect(research.requestBody.content['application/json'].schema).toEqual(ref('ProductResearchRequest'));
    const req = schemas.ProductResearchRequest;
    expect(req).toMatchObject({ additionalProperties: false, required: ['sku_id', 'fields_to_research'] });
    expect(req.properties.fields_to_research).toMatchObject({
      minItems: 1,
      maxItems: 4,
      items: { enum: ['manufacturer_website', 'product_category', 'ean', 'hs_code'] },
    });
    expect(req.properties.context.additionalProperties).toBe(false);
    expect(Object.keys(req.properties.context.properties).sort()).toEqual([
      'manufacturer_name',
      'product_name',
      'sku_code',
    ]);
    expect(schemas.ProductResearchFinding).toMatchObject({
      additionalProperties: false,
      required: ['field', 'suggested_value', 'confidence', 'source_url', 'source_snippet', 'reasoning'],
    });
    expect(schemas.ProductResearchResponse.required).toEqual(
      expect.arrayContaining(['findings', 'status', 'provider_available']),
    );
  });
});
