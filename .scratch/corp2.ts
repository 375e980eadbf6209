import fs from 'node:fs';
import { extractText, shutdownExtractWorkers } from '@/lib/extract';
import { shutdownOcr } from '@/lib/extract/ocr';
for (const f of ['pdf-image-only-no-text-layer.pdf', 'pdf-canon-scanner-300dpi-ocr-layer-trailing-garbage.pdf', 'image-png-rgba-screenshot-with-text.png']) {
  const t = performance.now();
  const r = await extractText({ bytes: new Uint8Array(fs.readFileSync('tests/fixtures/corpus/documents/' + f)), filename: f, ocr: true });
  console.log(f, (performance.now() - t).toFixed(0), r.status, r.pageCount, r.ocr);
}
await shutdownOcr(); await shutdownExtractWorkers();
