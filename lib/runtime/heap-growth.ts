import v8 from 'node:v8';
import { getEnv } from '@/lib/config/env';

/**
 * Bounds how far V8 lets the JS heap grow past what survived its last full collection before it
 * collects again. V8 picks that factor itself, up to 4× when collections are cheap next to the work,
 * and a bulk job allocates faster than anything else here: a 100k-row import allocates ~10 GB over
 * its run with a live heap of ~60 MB, and each chunk's rows outlive a young-generation collection
 * (they are held while the chunk's transaction runs), so the old generation filled up with ~200 MB of
 * garbage between collections. With growth bounded to 1.8× (HEAP_GROWING_PERCENT=80) the same import
 * added 86 MB instead of 211–216 in about the same time (100: 93–102 MB; 25: 62 MB but a third more
 * CPU; `bench/import-e2e.ts`). With 1,000-row chunks 80 added 80–97 MB and 60 (the default) 66–71 MB,
 * at the same CPU within the runs' spread. 0 leaves V8's own heuristic. Called once at process start
 * (app server, worker, benches that stand in for them).
 */
export function boundHeapGrowth(percent: number = getEnv().HEAP_GROWING_PERCENT): void {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
