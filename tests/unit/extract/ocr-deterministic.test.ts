/**
 * OCR under load gives the same text for the same scan on every run, and a reading over its budget fails whole,
 * never partial.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { extractText, shutdownExtractWorkers } from '@/lib/extract';

/**
 * OCR does not depend on the machine's load (issue 34): the same scan gives the same text on every run,
 * also while other processes keep every core busy, because no choice of the reader (pages read, second
 * pass, how much of a page) depends on the time left; and a reading that runs out of its whole budget
 * fails as a whole (code timeout) instead of keeping the part a slow run got through.
 * Runs through lib/extract as the background extraction does (pool worker, tesseract), on fixtures of
 * this repository: a French declaration rendered as a scan (it takes the French second pass) and a
 * PDF without a text layer.
 */
const FR_SCAN = 'tests/fixtures/classify/scans/fr-declaration-scan.png';
const PDF_SCAN = 'tests/fixtures/corpus/documents/pdf-image-only-no-text-layer.pdf';
const read = (file: string, ocrTimeoutMs = 600_000) =>
  extractText({
    bytes: new Uint8Array(fs.readFileSync(file)),
    filename: file.split('/').pop()!,
    ocr: true,
    ocrTimeoutMs,
  });

/** Child processes spinning on the CPU until killed (one per core, at least two). */
function cpuLoad(): ChildProcess[] {
  return Array.from({ length: 2 }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore', detached: false }),
  );
}

afterAll(async () => {
  await shutdownExtractWorkers();
});

describe('OCR under load', () => {
  it('reads the same scan to the same text twice while the CPU is saturated', async () => {
    const quiet = await read(FR_SCAN);
    expect(quiet.status).toBe('ok');
    const load = cpuLoad();
    try {
      const first = await read(FR_SCAN);
      const second = await read(FR_SCAN);
      expect(first.status).toBe('ok');
      expect(first.text.length).toBeGreaterThan(200);
      expect(second.text).toBe(first.text);
      expect(first.text).toBe(quiet.text);
      expect(first.ocr?.confidence).toBe(quiet.ocr?.confidence);
    } finally {
      for (const p of load) p.kill('SIGKILL');
    }
  }, 600_000);

  it('a scanned PDF reads the same pages and text on every run', async () => {
    const load = cpuLoad();
    try {
      const a = await read(PDF_SCAN);
      const b = await read(PDF_SCAN);
      expect(a.status).toBe('ok');
      expect(a.ocr?.pages).toBe(b.ocr?.pages);
      expect(b.text).toBe(a.text);
    } finally {
      for (const p of load) p.kill('SIGKILL');
    }
  }, 600_000);

  it('a reading over its whole budget fails as a whole, with no partial text', async () => {
    const r = await read(PDF_SCAN, 50);
    expect(r.status).toBe('failed');
    expect(r.issue?.code).toBe('timeout');
    expect(r.text).toBe('');
  }, 120_000);
});
