import { parentPort } from 'node:worker_threads';
import { extractTextInProcess } from './dispatch';
import type { ExtractOptions, ExtractionResult } from './types';

/**
 * Entry of an extraction worker (see pool.ts): parses one file at a time with every parser (pdfjs,
 * mammoth, SheetJS, tesseract.js OCR) and answers with the ExtractionResult. It runs as a child process
 * (messages over the IPC channel) or, where no child can be started, as a worker thread. Its heap is
 * capped and the pool ends it when it runs over its time or memory budget, so a hostile file costs this
 * worker, never the server.
 */

export interface ExtractRequest {
  id: number;
  options: ExtractOptions;
}
export type ExtractReply =
  { id: number; result: ExtractionResult; heapUsedMb: number; rssMb: number } | { ready: true; rssMb: number };

interface Port {
  postMessage(reply: ExtractReply): void;
  on(event: 'message', listener: (msg: ExtractRequest) => void): void;
}
const port: Port | null = parentPort
  ? parentPort
  : process.send
    ? {
        postMessage: (reply) => process.send!(reply),
        on: (event, listener) => process.on(event, listener),
      }
    : null;
if (!port) throw new Error('extract-worker.ts runs as a child process or a worker thread of the extraction pool');
// A child whose server went away (crash, SIGKILL) ends too.
if (!parentPort) process.on('disconnect', () => process.exit(0));

port.on('message', async (msg: ExtractRequest) => {
  const result = await extractTextInProcess(msg.options);
  const reply: ExtractReply = {
    id: msg.id,
    result,
    heapUsedMb: Math.round(process.memoryUsage().heapUsed / 1024 / 1024),
    rssMb: Math.round(process.memoryUsage.rss() / 1024 / 1024),
  };
  port.postMessage(reply);
});

// Ready once the messages are wired; the parsers load with the first file that needs them (dispatch.ts).
port.postMessage({ ready: true, rssMb: Math.round(process.memoryUsage.rss() / 1024 / 1024) });
