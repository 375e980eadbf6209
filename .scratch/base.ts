import fs from 'node:fs';
import path from 'node:path';
import { extractHtml } from '@/lib/extract/markup';
import { classifyRules } from '@/lib/classify/rules';
import { LABELLED_13 } from '@/tests/fixtures/classify/labelled';
import { HOLDOUT_13 } from '@/tests/fixtures/classify/holdout';
for (const [name, set] of [['main', LABELLED_13], ['holdout', HOLDOUT_13]] as const) {
  let ok = 0;
  for (const c of set) {
    const text = c.file ? extractHtml(new Uint8Array(fs.readFileSync(path.join('tests/fixtures/classify', c.file))), 100000).text : c.text!;
    const r = classifyRules({ filename: c.filename, snippet: text, snippetSource: c.file ? 'html_text' : 'pdf_first_page' });
    const good = r.document_type === c.expected;
    if (good) ok++;
    console.log(`${good ? 'ok  ' : 'MISS'} ${c.id.padEnd(30)} exp ${c.expected.padEnd(26)} got ${String(r.document_type).padEnd(26)} ${r.confidence} lang ${r.detected_language}/${c.language}`);
  }
  console.log(name, ok, '/', set.length);
}
