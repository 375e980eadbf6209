import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
const dir = path.join(os.tmpdir(), 'tessexp');
fs.mkdirSync(dir, { recursive: true });
for (const l of ['eng','deu','fra','ita','spa','nld','chi_sim']) {
  const dst = path.join(dir, `${l}.traineddata.gz`);
  if (!fs.existsSync(dst)) fs.symlinkSync(path.resolve(`node_modules/@tesseract.js-data/${l}/4.0.0_best_int/${l}.traineddata.gz`), dst);
}
const { createWorker, OEM } = await import('tesseract.js');
const imgs = ['fr-declaration-scan.png','nl-manual-scan.png','zh-test-report-scan.png'].map((f) => fs.readFileSync('tests/fixtures/classify/scans/' + f));
for (const langs of [['deu','eng'], ['deu','eng','fra','ita','spa','nld'], ['chi_sim','eng'], ['fra','eng']]) {
  let t = performance.now();
  const w = await createWorker(langs, OEM.LSTM_ONLY, { langPath: dir, cacheMethod: 'none', gzip: true, logger: () => {} });
  const init = performance.now() - t;
  for (const [i, img] of imgs.entries()) {
    t = performance.now();
    const r = await w.recognize(img);
    console.log(langs.join('+'), i, `${(performance.now() - t).toFixed(0)}ms conf ${r.data.confidence}`, JSON.stringify(r.data.text.slice(0, 70)));
  }
  console.log('init', init.toFixed(0), 'rss MB', (process.memoryUsage().rss / 1e6).toFixed(0));
  await w.terminate();
}
