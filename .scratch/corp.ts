import fs from 'node:fs';
import { extractText, shutdownExtractWorkers } from '@/lib/extract';
import { classifyRules } from '@/lib/classify/rules';
import { shutdownOcr } from '@/lib/extract/ocr';
const dir = 'tests/fixtures/corpus/documents/';
for (const f of fs.readdirSync(dir)) {
  const t = performance.now();
  const r = await extractText({ bytes: new Uint8Array(fs.readFileSync(dir + f)), filename: f, ocr: true });
  const c = classifyRules({ filename: f, snippet: r.status === 'ok' ? r.text : null, snippetSource: r.snippetSource, extractionIssue: r.issue ?? null });
  console.log(f.padEnd(60), (performance.now() - t).toFixed(0).padStart(6), r.status, r.snippetSource, c.document_type, c.confidence, c.detected_language, JSON.stringify(r.text.slice(0, 80)));
}
await shutdownOcr(); await shutdownExtractWorkers();
