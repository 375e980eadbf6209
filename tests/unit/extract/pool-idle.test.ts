/**
 * The extraction pool retires idle workers after idleMs (heavyIdleMs after OCR) and replaces a worker the OCR
 * models grew.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { extractPoolStats, extractText, POOL_LIMITS, shutdownExtractWorkers } from '@/lib/extract';
import { pngOfText } from '../documents/fixtures';

afterAll(() => shutdownExtractWorkers());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Idle parser workers give their memory back: a light one soon (a fresh worker starts in a fraction of a
 * second), one that holds the OCR models a little later (a run of scans keeps it).
 */
describe('extraction pool idle retirement', () => {
  it('retires a worker idleMs after a text file, and heavyIdleMs after an OCR read', async () => {
    expect(POOL_LIMITS.idleMs).toBeLessThan(POOL_LIMITS.heavyIdleMs);
    const text = await extractText({ bytes: new TextEncoder().encode('Plain text of a label.\n'), filename: 'a.txt' });
    expect(text.status).toBe('ok');
    expect(extractPoolStats().workers).toBe(1);
    await sleep(POOL_LIMITS.idleMs + 1000);
    expect(extractPoolStats().workers).toBe(0);

    const scan = await extractText({ bytes: await pngOfText(['Declaration of Conformity']), filename: 'scan.png' });
    expect(scan.ocr).toBeDefined();
    await sleep(POOL_LIMITS.idleMs + 500);
    expect(extractPoolStats().workers).toBe(1);
    await sleep(POOL_LIMITS.heavyIdleMs - POOL_LIMITS.idleMs + 1500);
    expect(extractPoolStats().workers).toBe(0);
  }, 180_000);

  it('a worker the OCR models grew is kept for the next scan and replaced after the next light file', async () => {
    await extractText({ bytes: await pngOfText(['EU Declaration of Conformity']), filename: 'one.png' });
    const [pid] = extractPoolStats().pids;
    const second = await extractText({ bytes: await pngOfText(['Safety Data Sheet']), filename: 'two.png' });
    expect(second.ocr).toBeDefined();
    expect(extractPoolStats().pids).toEqual([pid]);
    const text = await extractText({ bytes: new TextEncoder().encode('A light file.\n'), filename: 'b.txt' });
    expect(text.status).toBe('ok');
    // Answered, then ended: the memory the models held is the system's again.
    expect(extractPoolStats().workers).toBe(0);
    await sleep(300);
    expect(() => process.kill(pid, 0)).toThrow();
  }, 180_000);
});
