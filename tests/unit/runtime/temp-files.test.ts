/**
 * Temporary files live in per-run folders under DATA_DIR/tmp: a run's folder is gone after it succeeds
 * and after it fails, and the folders of a process killed mid-run (SIGKILL: nothing of its own can
 * clean up) are removed by the next start, while a live process's folders are left alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvCache } from '@/lib/config/env';
import { AppError } from '@/lib/errors';
import { parseMultipart } from '@/lib/http/multipart';
import { makeRunTempDir, removeRunTempDir, sweepDeadRunFolders, tempRoot, withRunTempDir } from '@/lib/storage/temp';
import { spawnScript } from '../../helpers/child';

const CHILD = path.join(__dirname, 'temp-crash-child.ts');
let dataDir: string;
const before = process.env.DATA_DIR;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-temp-files-'));
  process.env.DATA_DIR = dataDir;
  resetEnvCache();
});

afterAll(() => {
  process.env.DATA_DIR = before;
  resetEnvCache();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Every file (not folder) under DATA_DIR/tmp. */
function tempFiles(): string[] {
  if (!fs.existsSync(tempRoot())) return [];
  return (fs.readdirSync(tempRoot(), { recursive: true }) as string[]).filter((f) =>
    fs.statSync(path.join(tempRoot(), f)).isFile(),
  );
}

function multipart(fields: string): Request {
  return new Request('http://127.0.0.1/upload', {
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=B' },
    body: fields,
  });
}
const filePart = '--B\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.7 body\r\n';
const limits = { maxFiles: 1, maxFileBytes: 1 << 20, maxTotalBytes: 2 << 20, fileFields: ['file'] };

describe('temporary files of a run', () => {
  it('an upload is written under DATA_DIR/tmp and its folder is gone after cleanup', async () => {
    const parsed = await parseMultipart(multipart(`${filePart}--B--\r\n`), limits);
    const file = parsed.files[0].path!;
    expect(file.startsWith(tempRoot() + path.sep)).toBe(true);
    expect(fs.readFileSync(file, 'utf8')).toBe('%PDF-1.7 body');
    await parsed.cleanup();
    expect(fs.existsSync(path.dirname(file))).toBe(false);
    expect(tempFiles()).toEqual([]);
  });

  it('an upload refused halfway (a NUL in a field after the file) leaves no file behind', async () => {
    const bad = `${filePart}--B\r\nContent-Disposition: form-data; name="note"\r\n\r\na\u0000b\r\n--B--\r\n`;
    await expect(parseMultipart(multipart(bad), { ...limits, maxFields: 4 })).rejects.toBeInstanceOf(AppError);
    expect(tempFiles()).toEqual([]);
  });

  it('withRunTempDir removes its folder when the run throws', async () => {
    let seen = '';
    await expect(
      withRunTempDir('export', async (dir) => {
        seen = dir;
        fs.writeFileSync(path.join(dir, 'half.zip'), 'PK');
        throw new Error('render failed');
      }),
    ).rejects.toThrow('render failed');
    expect(seen.startsWith(tempRoot())).toBe(true);
    expect(fs.existsSync(seen)).toBe(false);
  });
});

describe('a process killed mid-run', () => {
  it('leaves a half-written upload that the next start removes; a live process keeps its folder', async () => {
    const env = { ...process.env, DATA_DIR: dataDir };
    const uploader = spawnScript(CHILD, ['upload'], env);
    const writing = await uploader.waitFor((l) => l.startsWith('WRITING '), 60_000);
    const partial = writing.line.slice('WRITING '.length);
    uploader.proc.kill('SIGKILL');
    expect((await uploader.exited).signal).toBe('SIGKILL');
    expect(fs.statSync(partial).size).toBeGreaterThan(0); // the kill left it: nothing could clean up

    // This test process is alive and mid-run too: its folder must survive the restart's sweep.
    const mine = await makeRunTempDir('upload');
    fs.writeFileSync(path.join(mine, 'f0'), 'still uploading');

    const restart = spawnScript(CHILD, ['boot'], env);
    const swept = await restart.waitFor((l) => l.startsWith('SWEPT '), 60_000);
    expect((await restart.exited).code, restart.stderr()).toBe(0);
    const removed = JSON.parse(swept.line.slice('SWEPT '.length)) as string[];
    expect(removed).toEqual([path.relative(tempRoot(), partial).split(path.sep)[0]]);
    expect(fs.existsSync(partial)).toBe(false);
    expect(tempFiles()).toEqual([path.relative(tempRoot(), path.join(mine, 'f0'))]);

    await removeRunTempDir(mine);
    expect(await sweepDeadRunFolders()).toEqual([]);
    expect(tempFiles()).toEqual([]);
  }, 120_000);
});
