import fs from 'node:fs';
import { extractText } from '@/lib/extract';
import { classifyRules } from '@/lib/classify/rules';
import { shutdownOcr } from '@/lib/extract/ocr';
import { shutdownExtractWorkers } from '@/lib/extract';
for (const f of ['fr-declaration-scan.png','nl-manual-scan.png','zh-test-report-scan.png']) {
  const t = performance.now();
  const r = await extractText({ bytes: new Uint8Array(fs.readFileSync('tests/fixtures/classify/scans/' + f)), filename: f, ocr: true });
  const ms = performance.now() - t;
  const c = classifyRules({ filename: 'scan.png', snippet: r.text, snippetSource: r.snippetSource });
  console.log(f, ms.toFixed(0), 'ms', r.status, c.document_type, c.confidence, c.detected_language, JSON.stringify(r.text.slice(0, 90)));
}
await shutdownOcr(); await shutdownExtractWorkers?.();
