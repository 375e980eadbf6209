/**
 * parseForm streams files to disk and validates fields: repeated fields, missing files, unknown fields and bad
 * values are a 400 naming the field; temp files are removed.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { formJsonSchema, parseForm, zFile, zFiles } from '@/lib/http/form';

/** Multipart forms declared with zod: one parser, repeated fields refused, the OpenAPI body from the declaration. */

function request(parts: [string, string | [string, Uint8Array]][]) {
  const fd = new FormData();
  for (const [k, v] of parts) {
    if (typeof v === 'string') fd.append(k, v);
    else fd.append(k, new Blob([v[1] as BlobPart]), v[0]);
  }
  return new Request('http://x/upload', { method: 'POST', body: fd });
}

const bytes = (n: number) => new Uint8Array(n).fill(0x61);
const Single = z.strictObject({ file: zFile({ maxBytes: 100 }), note: z.string().max(10).optional() });
const Many = z.strictObject({ files: zFiles({ maxBytes: 100, maxFiles: 2, oversize: 'report' }) });
const limits = { maxBodyBytes: 10_000 };

async function failure(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

describe('parseForm', () => {
  it('streams the file to disk and validates the fields; cleanup removes the temp file', async () => {
    const r = await parseForm(
      request([
        ['file', ['a.txt', bytes(5)]],
        ['note', 'hi'],
      ]),
      Single,
      limits,
    );
    expect(r.value.note).toBe('hi');
    expect(r.value.file).toMatchObject({ filename: 'a.txt', size: 5, tooLarge: false });
    expect(fs.existsSync(r.value.file.path!)).toBe(true);
    await r.cleanup();
    expect(fs.existsSync(r.value.file.path!)).toBe(false);
  });

  it('refuses a text field or a single file sent twice (400 VALIDATION_FAILED, code repeated_field)', async () => {
    let e = await failure(
      parseForm(
        request([
          ['file', ['a.txt', bytes(5)]],
          ['note', 'a'],
          ['note', 'b'],
        ]),
        Single,
        limits,
      ),
    );
    expect(e.code).toBe('VALIDATION_FAILED');
    expect(e.details).toMatchObject({ fields: [{ path: 'note', code: 'repeated_field' }] });
    e = await failure(
      parseForm(
        request([
          ['file', ['a.txt', bytes(5)]],
          ['file', ['b.txt', bytes(5)]],
        ]),
        Single,
        { maxBodyBytes: 10_000 },
      ),
    );
    expect(e.code).toBe('VALIDATION_FAILED');
  });

  it('a missing file, an unknown field and a bad value are 400 with the field named', async () => {
    let e = await failure(parseForm(request([['note', 'x']]), Single, limits));
    expect(e.details).toMatchObject({ fields: [{ path: 'file', message: 'required' }] });
    e = await failure(
      parseForm(
        request([
          ['file', ['a.txt', bytes(5)]],
          ['colour', 'red'],
        ]),
        Single,
        limits,
      ),
    );
    expect(e.code).toBe('VALIDATION_FAILED');
    e = await failure(
      parseForm(
        request([
          ['file', ['a.txt', bytes(5)]],
          ['note', 'x'.repeat(11)],
        ]),
        Single,
        limits,
      ),
    );
    expect(JSON.stringify(e.details)).toContain('note');
  });

  it('a file over its limit: 413 by default or the route’s error; reported per file when the form says so', async () => {
    let e = await failure(parseForm(request([['file', ['big.txt', bytes(101)]]]), Single, limits));
    expect([e.code, e.details]).toEqual(['PAYLOAD_TOO_LARGE', { max_bytes: 100 }]);
    e = await failure(
      parseForm(request([['file', ['big.txt', bytes(101)]]]), Single, {
        ...limits,
        fileTooLarge: () => new AppError('FILE_TOO_LARGE', 'too large'),
      }),
    );
    expect(e.code).toBe('FILE_TOO_LARGE');
    const r = await parseForm(
      request([
        ['files', ['ok.txt', bytes(5)]],
        ['files', ['big.txt', bytes(101)]],
      ]),
      Many,
      limits,
    );
    expect(r.value.files.map((f) => [f.filename, f.tooLarge])).toEqual([
      ['ok.txt', false],
      ['big.txt', true],
    ]);
    await r.cleanup();
  });

  it('the OpenAPI multipart schema comes from the declaration', () => {
    const toSchema = (s: z.ZodType) => {
      const { $schema: _, ...rest } = z.toJSONSchema(s, { io: 'input' }) as Record<string, unknown>;
      return rest;
    };
    expect(formJsonSchema(Single, toSchema)).toEqual({
      type: 'object',
      required: ['file'],
      properties: {
        file: { type: 'string', format: 'binary', description: 'at most 100 bytes' },
        note: { type: 'string', maxLength: 10 },
      },
      additionalProperties: false,
    });
    expect(formJsonSchema(Many, toSchema).properties).toEqual({
      files: {
        type: 'array',
        minItems: 1,
        maxItems: 2,
        items: { type: 'string', format: 'binary' },
        description: 'at most 100 bytes each',
      },
    });
  });
});
