import { afterAll, describe, expect, it } from 'vitest';
import { extractPoolStats, extractText, POOL_LIMITS, shutdownExtractWorkers } from '@/lib/extract';
import { pngOfText } from '../documents/fixtures';

afterAll(() => shutdownExtractWorkers());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Idle parser workers give their memory back: soon after OCR or a PDF, later after a light file. */
describe('extraction pool idle retirement', () => {
  it('keeps a worker after a text file and retires it soon after an OCR read', async () => {
    const text = await extractText({ bytes: new TextEncoder().encode('Plain text of a label.\n'), filename: 'a.txt' });
    expect(text.status).toBe('ok');
    await sleep(POOL_LIMITS.heavyIdleMs + 1500);
    expect(extractPoolStats().workers).toBe(1);

    const scan = await extractText({ bytes: await pngOfText(['Declaration of Conformity']), filename: 'scan.png' });
    expect(scan.ocr).toBeDefined();
    await sleep(POOL_LIMITS.heavyIdleMs + 3000);
    expect(extractPoolStats().workers).toBe(0);
  }, 180_000);
});
