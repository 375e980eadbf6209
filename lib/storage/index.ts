import path from 'node:path';
import { getEnv } from '@/lib/config/env';
import type { BlobStore } from './blob-store';
import { localBlobStore } from './local';
import { supabaseBlobStore } from './supabase';

export type { BlobStore } from './blob-store';
export { bytesSource, fileSource, type ByteSource } from './byte-source';

const holder = globalThis as unknown as { __cwBlobs?: BlobStore };

/** Supabase Storage when SUPABASE_URL and the service key are set, else DATA_DIR/blobs. */
export function getBlobStore(): BlobStore {
  if (!holder.__cwBlobs) {
    const env = getEnv();
    holder.__cwBlobs =
      env.SUPABASE_URL && env.SUPABASE_SERVICE_ROLE_KEY
        ? supabaseBlobStore(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY)
        : localBlobStore(path.resolve(env.DATA_DIR, 'blobs'));
  }
  return holder.__cwBlobs;
}

/** Tests point the store at a temp folder. */
export function setBlobStore(store: BlobStore | undefined) {
  holder.__cwBlobs = store;
}

export const documentBlobKey = (workspaceId: string, sha256: string) => `${workspaceId}/documents/${sha256}`;
export const importBlobKey = (workspaceId: string, batchId: string) => `${workspaceId}/imports/${batchId}`;
