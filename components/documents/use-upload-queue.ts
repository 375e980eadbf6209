'use client';

/**
 * The vault's upload queue. Each dropped file is its own job: bundles are listed first
 * (POST /api/classify/containers), spreadsheets are checked for being a product list
 * (POST /api/classify) and, if so, offered to the import wizard instead; then the file goes up as its
 * own POST /api/documents/bulk with upload progress and its own Idempotency-Key (a retry after a lost
 * answer replays the first outcome instead of storing twice). Every classification or routing decision
 * is recorded in the audit log (POST /api/upload/orchestrate). Two files travel at a time.
 */
import * as React from 'react';
import { ApiError } from '@/components/api/client';
import { MAX_FILE_BYTES, pathInBundle, routeOf, type FileRoute } from './file-kinds';
import { REVIEW_CONFIDENCE } from './labels';
import type {
  BulkResponse,
  BulkResultItem,
  ClassificationResult,
  ContainerClassification,
  OrchestrateBody,
  VaultDocument,
} from './types';
import { newIdempotencyKey } from '@/components/api/client';
import { apiUpload } from '@/components/api/upload';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { fetchApiQuery } from '@/components/api/queries/use-api-query';
import { useQueryClient } from '@tanstack/react-query';
import { useLocale, useT } from '@/components/i18n/locale-provider';
import { documentMessages } from '@/lib/i18n/ui/documents';

export type UploadPhase =
  | 'queued'
  | 'inspecting'
  | 'uploading'
  | 'finishing'
  | 'done'
  | 'failed'
  /** A product list: waiting for the user to open the import wizard or store it anyway. */
  | 'offer_import'
  | 'cancelled';

export interface ResolvedResult extends BulkResultItem {
  /** Path inside the bundle, for results of a container. */
  path: string | null;
  document: VaultDocument | null;
  classification: ClassificationResult | null;
}

export interface UploadItem {
  key: string;
  file: File;
  route: FileRoute;
  idempotencyKey: string;
  skuId: string | null;
  phase: UploadPhase;
  /** Upload progress 0..1 while uploading. */
  progress: number;
  container: ContainerClassification | null;
  containerError: string | null;
  /** The pre-check of a spreadsheet. */
  precheck: ClassificationResult | null;
  /** Set when the user chose to keep a product list in the vault. */
  storeAsProductData: boolean;
  results: ResolvedResult[];
  error: { code: string; message: string } | null;
  auditFailures: number;
}

const CONCURRENCY = 2;
/** Audit events and detail look-ups per file: a 1,000-entry bundle must not send 1,000 requests. */
const MAX_EVENTS_PER_FILE = 50;
const MAX_LOOKUPS_PER_FILE = 30;

let seq = 0;

function needsReview(c: ClassificationResult | null, doc: VaultDocument | null): boolean {
  const confidence = doc?.classification_confidence ?? c?.confidence ?? null;
  if (doc?.classification_source === 'manual') return false;
  if (c?.degraded || c?.diagnostic || doc?.diagnostic) return true;
  if (!(doc?.document_type ?? c?.document_type)) return true;
  return typeof confidence === 'number' && confidence < REVIEW_CONFIDENCE;
}

function clip(s: string | null | undefined, n: number): string | null {
  if (!s) return null;
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

function classificationEvent(
  filename: string,
  c: ClassificationResult | null,
  doc: VaultDocument | null,
): OrchestrateBody {
  const review = needsReview(c, doc);
  return {
    action: review ? 'upload.needs_review' : 'upload.classified',
    filename: clip(filename, 240),
    classification_type: doc?.document_type ?? c?.document_type ?? null,
    confidence: doc?.classification_confidence ?? c?.confidence ?? null,
    destination: review ? 'reviewQueue' : 'documentVault',
    reasoning: clip(c?.reasoning ?? null, 500),
  };
}

async function mapLimited<T, R>(items: T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  });
  await Promise.all(workers);
  return out;
}

export interface UploadQueue {
  items: UploadItem[];
  add: (files: File[], skuId: string | null) => void;
  retry: (key: string) => void;
  cancel: (key: string) => void;
  remove: (key: string) => void;
  clearFinished: () => void;
  /** The user keeps a product list in the vault after all. */
  storeAnyway: (key: string) => void;
  /** The user takes a product list to the import wizard (records the routing). */
  routeToImport: (key: string) => Promise<void>;
  busy: boolean;
}

export function useUploadQueue({
  onStored,
  onAuthLoss,
}: {
  onStored: () => void;
  onAuthLoss: () => void;
}): UploadQueue {
  const queryClient = useQueryClient();
  const t = useT(documentMessages);
  const locale = useLocale();
  const [items, setItems] = React.useState<UploadItem[]>([]);
  const itemsRef = React.useRef(items);
  const running = React.useRef(new Map<string, AbortController>());
  const onStoredRef = React.useRef(onStored);
  const onAuthLossRef = React.useRef(onAuthLoss);
  React.useEffect(() => {
    itemsRef.current = items;
    onStoredRef.current = onStored;
    onAuthLossRef.current = onAuthLoss;
  });

  // The flow's decisions go to the audit log (POST /api/upload/orchestrate), best effort: a failure is counted
  // on the item (auditFailures), never shown as the upload's error.
  const { run: recordDecision } = useApiMutation<{ ok: boolean }, OrchestrateBody>({
    request: (body) => ({ path: '/api/upload/orchestrate', body }),
  });
  const orchestrate = React.useCallback(
    async (body: OrchestrateBody): Promise<boolean> => {
      try {
        await recordDecision(body);
        return true;
      } catch {
        return false;
      }
    },
    [recordDecision],
  );

  const patch = React.useCallback((key: string, p: Partial<UploadItem> | ((i: UploadItem) => Partial<UploadItem>)) => {
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...(typeof p === 'function' ? p(i) : p) } : i)));
  }, []);

  const process = React.useCallback(
    async (item: UploadItem, ac: AbortController) => {
      const { key, file } = item;
      const signal = ac.signal;
      const fail = (e: unknown) => {
        if (e instanceof DOMException && e.name === 'AbortError') {
          patch(key, { phase: 'cancelled' });
          return;
        }
        if (e instanceof ApiError && e.isAuthLoss) onAuthLossRef.current();
        const err =
          e instanceof ApiError
            ? { code: e.code, message: e.message }
            : { code: 'UNKNOWN', message: t('upload_error.retry') };
        patch(key, { phase: 'failed', error: err });
      };

      try {
        if (file.size > MAX_FILE_BYTES) {
          patch(key, {
            phase: 'done',
            results: [
              {
                filename: file.name,
                status: 'error',
                error_code: 'FILE_TOO_LARGE',
                message: t('upload_error.too_large'),
                path: null,
                document: null,
                classification: null,
              },
            ],
          });
          return;
        }

        let container = item.container;
        // 1. A bundle: list its parts and what will be skipped, before anything is stored.
        if (item.route === 'container' && !container) {
          patch(key, { phase: 'inspecting' });
          const form = new FormData();
          form.append('file', file, file.name);
          // The server words its skip reasons in this language.
          form.append('locale', locale);
          try {
            container = await apiUpload<ContainerClassification>('/api/classify/containers', form, { signal });
            patch(key, { container, containerError: null });
          } catch (e) {
            if ((e instanceof DOMException && e.name === 'AbortError') || (e instanceof ApiError && e.isAuthLoss))
              throw e;
            // The upload still runs: the bulk route unpacks the bundle itself and reports per part.
            patch(key, { containerError: e instanceof ApiError ? e.message : t('upload_error.bundle_unlisted') });
          }
        }

        // 2. A spreadsheet: a product list belongs in the import wizard, not in the vault.
        if (item.route === 'spreadsheet' && !item.storeAsProductData && !item.precheck) {
          patch(key, { phase: 'inspecting' });
          const form = new FormData();
          form.append('file', file, file.name);
          let precheck: ClassificationResult | null = null;
          try {
            precheck = await apiUpload<ClassificationResult>('/api/classify', form, { signal });
          } catch (e) {
            if ((e instanceof DOMException && e.name === 'AbortError') || (e instanceof ApiError && e.isAuthLoss))
              throw e;
            precheck = null; // Unknown: store it as a document; the server classifies again.
          }
          if (precheck?.file_intent === 'product_csv') {
            patch(key, { phase: 'offer_import', precheck });
            const ok = await orchestrate({
              action: 'upload.routed',
              filename: clip(file.name, 240),
              classification_type: precheck.document_type,
              confidence: precheck.confidence,
              destination: 'importWizard',
              reasoning: clip(precheck.reasoning, 500),
            });
            if (!ok) patch(key, (i) => ({ auditFailures: i.auditFailures + 1 }));
            return;
          }
          patch(key, { precheck });
        }

        // 3. The upload itself, with progress.
        patch(key, { phase: 'uploading', progress: 0, error: null });
        const form = new FormData();
        form.append('files', file, file.name);
        if (item.skuId) form.append('sku_id', item.skuId);
        if (item.storeAsProductData) {
          form.append('artifact_kind', 'product_data');
          form.append('document_type', 'other');
        }
        let body: BulkResponse;
        try {
          body = await apiUpload<BulkResponse>('/api/documents/bulk', form, {
            headers: { 'Idempotency-Key': item.idempotencyKey },
            signal,
            onProgress: ({ loaded, total }) => patch(key, { progress: total > 0 ? loaded / total : 0 }),
          });
        } catch (e) {
          if (e instanceof ApiError && e.status === 413 && e.code === 'STORAGE_LIMIT_EXCEEDED') {
            patch(key, {
              phase: 'done',
              progress: 1,
              results: [
                {
                  filename: file.name,
                  status: 'skipped_quota',
                  message: e.message,
                  path: null,
                  document: null,
                  classification: null,
                },
              ],
            });
            return;
          }
          throw e;
        }

        // 4. Each stored document's classification (the server classified it), then the audit trail.
        patch(key, { phase: 'finishing', progress: 1 });
        const partByPath = new Map((container?.parts ?? []).map((p) => [p.path_in_container, p]));
        let lookups = 0;
        const results = await mapLimited(body.results, 3, async (r): Promise<ResolvedResult> => {
          const path = pathInBundle(r.filename);
          const part = path ? partByPath.get(path) : undefined;
          let document: VaultDocument | null = null;
          if (
            r.document_id &&
            (r.status === 'uploaded' || r.status === 'duplicate') &&
            lookups++ < MAX_LOOKUPS_PER_FILE
          ) {
            try {
              const path = `/api/documents/${encodeURIComponent(r.document_id)}`;
              document = (await fetchApiQuery<{ document: VaultDocument }>(queryClient, path, signal)).document;
            } catch (e) {
              if (e instanceof DOMException && e.name === 'AbortError') throw e;
              document = null;
            }
          }
          const classification =
            document?.classification ?? part?.classification ?? (path ? null : item.precheck) ?? null;
          return { ...r, path, document, classification };
        });
        patch(key, { phase: 'done', results });
        if (results.some((r) => r.status === 'uploaded')) onStoredRef.current();

        let failures = 0;
        const fresh = results.filter((r) => r.status === 'uploaded').slice(0, MAX_EVENTS_PER_FILE);
        await mapLimited(fresh, 2, async (r) => {
          if (!(await orchestrate(classificationEvent(r.filename, r.classification, r.document)))) failures++;
        });
        if (failures) patch(key, (i) => ({ auditFailures: i.auditFailures + failures }));
      } catch (e) {
        fail(e);
      }
    },
    [patch, orchestrate, queryClient, t, locale],
  );

  // The pump: start queued files while fewer than CONCURRENCY are in flight.
  React.useEffect(() => {
    const inFlight = running.current.size;
    if (inFlight >= CONCURRENCY) return;
    const next = items
      .filter((i) => i.phase === 'queued' && !running.current.has(i.key))
      .slice(0, CONCURRENCY - inFlight);
    for (const item of next) {
      const ac = new AbortController();
      running.current.set(item.key, ac);
      void process(item, ac).finally(() => {
        running.current.delete(item.key);
        // Wake the pump even when the last patch did not change the list (a cancelled file).
        setItems((l) => [...l]);
      });
    }
  }, [items, process]);

  React.useEffect(() => {
    const map = running.current;
    return () => {
      for (const ac of map.values()) ac.abort();
    };
  }, []);

  const add = React.useCallback((files: File[], skuId: string | null) => {
    if (!files.length) return;
    const fresh: UploadItem[] = files.map((file) => ({
      key: `u${++seq}`,
      file,
      route: routeOf(file.name),
      idempotencyKey: newIdempotencyKey(),
      skuId,
      phase: 'queued',
      progress: 0,
      container: null,
      containerError: null,
      precheck: null,
      storeAsProductData: false,
      results: [],
      error: null,
      auditFailures: 0,
    }));
    setItems((list) => [...fresh, ...list]);
  }, []);

  // A retry keeps the file's Idempotency-Key: if the first request did arrive, the server replays it.
  const retry = React.useCallback((key: string) => patch(key, { phase: 'queued', error: null, progress: 0 }), [patch]);

  const cancel = React.useCallback(
    (key: string) => {
      const ac = running.current.get(key);
      if (ac) ac.abort();
      else patch(key, (i) => (i.phase === 'queued' ? { phase: 'cancelled' } : {}));
    },
    [patch],
  );

  const remove = React.useCallback((key: string) => {
    running.current.get(key)?.abort();
    setItems((list) => list.filter((i) => i.key !== key));
  }, []);

  const clearFinished = React.useCallback(() => {
    setItems((list) => list.filter((i) => !['done', 'cancelled', 'offer_import'].includes(i.phase)));
  }, []);

  const storeAnyway = React.useCallback(
    (key: string) => patch(key, { storeAsProductData: true, phase: 'queued', idempotencyKey: newIdempotencyKey() }),
    [patch],
  );

  const routeToImport = React.useCallback(async (key: string) => {
    const item = itemsRef.current.find((i) => i.key === key);
    if (!item) return;
    await stashForImport(item.file);
  }, []);

  const busy = items.some((i) => ['queued', 'inspecting', 'uploading', 'finishing'].includes(i.phase));
  return { items, add, retry, cancel, remove, clearFinished, storeAnyway, routeToImport, busy };
}

/**
 * Hands a product list to the import wizard: the file is kept in IndexedDB ("compliance-handoff",
 * store "files", key "vault") so /imports/new?from=vault can pick it up without a second upload.
 * Best effort: without IndexedDB the wizard simply asks for the file again.
 */
export async function stashForImport(file: File): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  try {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('compliance-handoff', 1);
      req.onupgradeneeded = () => {
        if (!req.result.objectStoreNames.contains('files')) req.result.createObjectStore('files');
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('files', 'readwrite');
      tx.objectStore('files').put(
        { file, name: file.name, type: file.type, stored_at: new Date().toISOString() },
        'vault',
      );
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
    return true;
  } catch {
    return false;
  }
}
