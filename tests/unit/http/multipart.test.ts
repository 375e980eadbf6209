/**
 * parseMultipart streams files to temporary files with size and sha256, marks oversize files without
 * failing, refuses too many files and bodies over the total, sanitises display names; the idempotency hash
 * of a form ignores its boundary.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMultipart, sanitizeDisplayName } from '@/lib/http/multipart';

function form(files: [string, string, Uint8Array][], fields: Record<string, string> = {}) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const [field, name, bytes] of files) fd.append(field, new Blob([bytes as BlobPart]), name);
  return new Request('http://x/upload', { method: 'POST', body: fd });
}

const limits = { maxFiles: 3, maxFileBytes: 1000, maxTotalBytes: 10_000, fileFields: ['files'] };

describe('parseMultipart', () => {
  it('streams files to temp files with size and sha256; marks oversize files without failing', async () => {
    const r = await parseMultipart(
      form(
        [
          ['files', 'a.txt', new TextEncoder().encode('abc')],
          ['files', '../../etc/passwd', new Uint8Array(2000)],
        ],
        { sku_id: 'x' },
      ),
      limits,
    );
    try {
      expect(r.fields.sku_id).toEqual(['x']);
      expect(r.files[0]).toMatchObject({
        filename: 'a.txt',
        size: 3,
        sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
        tooLarge: false,
      });
      expect(fs.readFileSync(r.files[0].path!, 'utf8')).toBe('abc');
      expect(r.files[1]).toMatchObject({ filename: 'passwd', tooLarge: true, path: null });
    } finally {
      await r.cleanup();
    }
    expect(fs.existsSync(r.files[0].path!)).toBe(false);
  });

  it('refuses too many files and bodies over the total', async () => {
    const four = Array.from(
      { length: 4 },
      (_, i) => ['files', `${i}.txt`, new Uint8Array(10)] as [string, string, Uint8Array],
    );
    await expect(parseMultipart(form(four), limits)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(
      parseMultipart(
        form([
          ['files', 'a', new Uint8Array(900)],
          ['files', 'b', new Uint8Array(900)],
        ]),
        { ...limits, maxTotalBytes: 1000 },
      ),
    ).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    await expect(
      parseMultipart(
        new Request('http://x', { method: 'POST', body: 'x', headers: { 'content-type': 'text/plain' } }),
        limits,
      ),
    ).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('sanitises display names', () => {
    expect(sanitizeDisplayName('C:\\Users\\x\\DoC.pdf')).toBe('DoC.pdf');
    expect(sanitizeDisplayName('..')).toBe('file');
    expect(sanitizeDisplayName('a\u0000b.pdf')).toBe('ab.pdf');
  });
});

describe('idempotency hash of multipart bodies', () => {
  it('is the same for the same form sent twice (new boundary), different for another file', async () => {
    const { spoolBody } = await import('@/lib/http/body');
    const make = (text: string) => {
      const fd = new FormData();
      fd.append('sku_id', 'abc');
      fd.append('files', new Blob([text]), 'doc.txt');
      return new Request('http://x/upload', { method: 'POST', body: fd });
    };
    const a = await spoolBody(make('same bytes'), 1_000_000);
    const b = await spoolBody(make('same bytes'), 1_000_000);
    const c = await spoolBody(make('other bytes'), 1_000_000);
    try {
      expect(a.sha256).toBe(b.sha256);
      expect(c.sha256).not.toBe(a.sha256);
      const fd = await a.request.formData();
      expect(fd.get('sku_id')).toBe('abc');
    } finally {
      await Promise.all([a.cleanup(), b.cleanup(), c.cleanup()]);
    }
  });
});
