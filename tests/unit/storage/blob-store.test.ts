/**
 * The local blob store stores, streams and deletes, and refuses keys that could escape its folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localBlobStore } from '@/lib/storage/local';

describe('local BlobStore', () => {
  it('stores, streams, deletes; refuses keys that could escape its folder', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'blobs-'));
    const store = localBlobStore(root);
    await store.put('ws1/documents/abc', new TextEncoder().encode('hello'));
    expect(new TextDecoder().decode(await store.getBytes('ws1/documents/abc'))).toBe('hello');
    const src = path.join(root, 'src.bin');
    fs.writeFileSync(src, Buffer.alloc(300_000, 7));
    await store.put('ws1/documents/big', { filePath: src });
    const chunks: Uint8Array[] = [];
    for await (const c of (await store.getStream('ws1/documents/big')) as any) chunks.push(c);
    expect(chunks.reduce((n, c) => n + c.byteLength, 0)).toBe(300_000);
    expect(fs.readdirSync(path.join(root, 'ws1/documents')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    await store.delete('ws1/documents/abc');
    expect(await store.exists('ws1/documents/abc')).toBe(false);
    for (const bad of ['../x', '/etc/passwd', 'a/../../b', 'a//b', ''])
      await expect(store.put(bad, new Uint8Array())).rejects.toThrow(/unsafe/);
  });
});
