/**
 * OCR language loading: English loaded with Chinese first, so the Chinese pass still reads English words.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OCR_INIT_CONFIG, ocrLanguageDir } from '@/lib/extract/ocr';

/**
 * The Chinese pass reads chi_sim + eng. chi_sim's model names a sub-language (chi_sim_vert) that made
 * Tesseract read the next language's name from freed memory ("./玂玂.traineddata") and never load
 * English; the worker's init config keeps the list as given, so English words on such a page read as
 * English. Run against tesseract.js directly, with the options lib/extract/ocr.ts starts its workers with.
 */
const SCREENSHOT = 'tests/fixtures/corpus/documents/image-png-rgba-screenshot-with-text.png';

describe('OCR language loading', () => {
  it('loads English with Chinese first, so the Chinese pass reads English words', async () => {
    const { createWorker, OEM } = await import('tesseract.js');
    const langPath = ocrLanguageDir();
    expect(langPath).not.toBeNull();
    const errors: unknown[] = [];
    const read = async (config?: string) => {
      const w = await createWorker(
        ['chi_sim', 'eng'],
        OEM.LSTM_ONLY,
        { langPath: langPath!, cacheMethod: 'none', gzip: true, logger: () => {}, errorHandler: (e) => errors.push(e) },
        config,
      );
      try {
        return (await w.recognize(fs.readFileSync(SCREENSHOT))).data.text;
      } finally {
        await w.terminate();
      }
    };
    const text = await read(OCR_INIT_CONFIG);
    expect(errors).toEqual([]);
    // chi_sim alone reads this line as "This fitle contains some words，".
    expect(text).toMatch(/This file contains some words\./);
  }, 120_000);
});
