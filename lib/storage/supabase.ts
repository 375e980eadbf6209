import fs from 'node:fs';
import WebSocket from 'ws';
import { createClient } from '@supabase/supabase-js';
import { assertSafeKey, type BlobStore } from './blob-store';
import { bytesSource } from './byte-source';

export const SUPABASE_BUCKET = 'compliance-documents';

/** Supabase Storage (private bucket) with the service-role key; used when SUPABASE_URL is set. */
export function supabaseBlobStore(url: string, serviceKey: string, bucket = SUPABASE_BUCKET): BlobStore {
  const client = createClient(url, serviceKey, {
    auth: { persistSession: false },
    realtime: { transport: WebSocket as any },
  });
  const store = () => client.storage.from(bucket);
  let bucketChecked = false;
  const ensureBucket = async () => {
    if (bucketChecked) return;
    const { error } = await client.storage.getBucket(bucket);
    if (error) await client.storage.createBucket(bucket, { public: false });
    bucketChecked = true;
  };
  return {
    kind: 'supabase',
    async put(key, source, contentType = 'application/octet-stream') {
      assertSafeKey(key);
      await ensureBucket();
      const body = source instanceof Uint8Array ? source : await fs.promises.readFile(source.filePath);
      const { error } = await store().upload(key, body, { upsert: true, contentType });
      if (error) throw new Error(`Supabase Storage upload failed: ${error.message}`);
    },
    async getBytes(key) {
      assertSafeKey(key);
      const { data, error } = await store().download(key);
      if (error || !data) throw new Error(`Supabase Storage download failed: ${error?.message}`);
      return new Uint8Array(await data.arrayBuffer());
    },
    async getStream(key) {
      const bytes = await this.getBytes(key);
      return new Blob([bytes as BlobPart]).stream();
    },
    async getSource(key) {
      // Downloads are whole; the bytes are read from memory.
      return bytesSource(await this.getBytes(key));
    },
    async delete(key) {
      assertSafeKey(key);
      await store().remove([key]);
    },
    async exists(key) {
      assertSafeKey(key);
      const { data } = await store().exists(key);
      return Boolean(data);
    },
  };
}
