import { parentPort } from 'node:worker_threads';
import { extractTextInProcess } from './dispatch';
import { loadPdfjs } from './pdf';
import type { ExtractOptions, ExtractionResult } from './types';

/**
 * Entry of an extraction worker thread (see pool.ts): parses one file at a time with every parser
 * (pdfjs, mammoth, SheetJS, tesseract.js OCR) and answers with the ExtractionResult. Its heap is capped by
 * the pool's resourceLimits and the pool terminates it when it runs over its time budget, so a hostile
 * file costs this thread, never the server.
 */

export interface ExtractRequest {
  id: number;
  options: ExtractOptions;
}
export type ExtractReply = { id: number; result: ExtractionResult; heapUsedMb: number } | { ready: true };

if (!parentPort) throw new Error('extract-worker.ts runs as a worker thread only');
const port = parentPort;

port.on('message', async (msg: ExtractRequest) => {
  const result = await extractTextInProcess(msg.options);
  const reply: ExtractReply = {
    id: msg.id,
    result,
    heapUsedMb: Math.round(process.memoryUsage().heapUsed / 1024 / 1024),
  };
  port.postMessage(reply);
});

// The parsers load before the first job is timed: a job's budget is for the file, not for start-up.
void loadPdfjs()
  .catch(() => undefined)
  .then(() => port.postMessage({ ready: true } satisfies ExtractReply));
