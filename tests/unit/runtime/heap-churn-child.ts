// A bulk job in miniature for heap-growth.test.ts: chunks of small objects held for a while (so they
// are promoted to the old generation, as an import's rows are while their chunk is written), then
// dropped. Prints the largest heap it saw. argv[2]: HEAP_GROWING_PERCENT to apply (0 = V8's choice).
import { boundHeapGrowth } from '@/lib/runtime/heap-growth';

boundHeapGrowth(Number(process.argv[2]));
const window: object[][] = [];
let peak = 0;
for (let chunk = 0; chunk < 400; chunk++) {
  const rows: object[] = [];
  for (let i = 0; i < 20_000; i++) rows.push({ row: i, code: `SKU-${chunk}-${i}`, values: [i, chunk] });
  window.push(rows);
  if (window.length > 8) window.shift();
  peak = Math.max(peak, process.memoryUsage().heapTotal);
}
process.stdout.write(String(Math.round(peak / 1048576)));
