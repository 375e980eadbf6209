import fs from 'node:fs';
import { extractHtml } from '@/lib/extract/markup';
import { classifyRules } from '@/lib/classify/rules';
const r = extractHtml(new Uint8Array(fs.readFileSync(process.argv[2])), 100000);
console.log(r.text);
console.log(classifyRules({ filename: 'page.html', snippet: r.text, snippetSource: 'html_text' }));
