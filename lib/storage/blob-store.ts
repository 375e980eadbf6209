import type { ByteSource } from './byte-source';

/** Where document and import files live. The key is chosen by the caller (workspace/sha256). */
export interface BlobStore {
  readonly kind: 'local' | 'supabase';
  /** Stores bytes, or the content of a local file (streamed), under the key; overwrites. */
  put(key: string, source: Uint8Array | { filePath: string }, contentType?: string): Promise<void>;
  getBytes(key: string): Promise<Uint8Array>;
  getStream(key: string): Promise<ReadableStream<Uint8Array>>;
  /** The file for reading in pieces, pass after pass (the import job); throws when it is missing. */
  getSource(key: string): Promise<ByteSource>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** Keys are ours, but never let one escape its folder. */
export function assertSafeKey(key: string) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]{0,300}$/.test(key) || key.includes('..') || key.includes('//')) {
    throw new Error(`unsafe blob key: ${key}`);
  }
}
