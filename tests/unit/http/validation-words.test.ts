/**
 * Validation messages name fields in words, never by internal key; the path stays in details.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldWords, validationError } from '@/lib/http/validation';

describe('validation messages name fields in words', () => {
  it('never shows an internal key in the sentence, keeps the path in details', () => {
    const schema = z.object({ sku_code: z.string().max(3), manufacturer_address: z.string() });
    const r = schema.safeParse({ sku_code: 'TOO-LONG', manufacturer_address: 'x' });
    const err = validationError(r.error!, 'body');
    expect(err.message).toMatch(/^Invalid body: SKU code: /);
    expect(err.message).not.toContain('sku_code');
    expect((err.details as { fields: { path: string }[] }).fields[0].path).toBe('sku_code');
    expect(fieldWords('manufacturer_address')).toBe('manufacturer address');
    expect(fieldWords('items.3.gtin')).toBe('items 3 GTIN');
  });
});
