import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { assertSafeKey, type BlobStore } from './blob-store';
import { fileSource } from './byte-source';

/** Files under DATA_DIR/blobs, written to a temp name and renamed, so a crash never leaves half a file. */
export function localBlobStore(root: string): BlobStore {
  const full = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async put(key, source) {
      const dest = full(key);
      await fs.promises.mkdir(path.dirname(dest), { recursive: true });
      const tmp = `${dest}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      try {
        if (source instanceof Uint8Array) await fs.promises.writeFile(tmp, source);
        // The kernel copies (copy_file_range / reflink where the file system has it): no bytes pass through JS.
        else await fs.promises.copyFile(source.filePath, tmp);
        await fs.promises.rename(tmp, dest);
      } catch (e) {
        await fs.promises.rm(tmp, { force: true });
        throw e;
      }
    },
    async getBytes(key) {
      return new Uint8Array(await fs.promises.readFile(full(key)));
    },
    async getStream(key) {
      const p = full(key);
      await fs.promises.access(p);
      return Readable.toWeb(fs.createReadStream(p)) as ReadableStream<Uint8Array>;
    },
    async getSource(key) {
      const p = full(key);
      return fileSource(p, (await fs.promises.stat(p)).size);
    },
    async delete(key) {
      await fs.promises.rm(full(key), { force: true });
    },
    async exists(key) {
      return fs.promises.access(full(key)).then(
        () => true,
        () => false,
      );
    },
  };
}
