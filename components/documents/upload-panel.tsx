'use client';

import * as React from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import {
  ArrowRight,
  Ban,
  ChevronRight,
  CircleAlert,
  CircleCheck,
  Copy,
  FileArchive,
  FileSpreadsheet,
  HardDrive,
  LoaderCircle,
  RotateCcw,
  Upload,
  X,
} from 'lucide-react';
import { signInUrl } from '@/components/api/client';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { useFormat, useLocale, useT } from '@/components/i18n/locale-provider';
import { documentMessages } from '@/lib/i18n/ui/documents';
import { cn } from '@/lib/utils/cn';
import { ConfidenceText, DiagnosticBadge } from './classification-badges';
import { isTypePending, PendingTypeBadge } from './pending';
import { FileIcon } from './document-list';
import { ACCEPT, MAX_FILES_PER_DROP } from './file-kinds';
import { documentTypeLabel, skipReasonLabel, skipReasonShort, uploadErrorLabel, type DocT } from './labels';
import { SkuPicker } from './sku-picker';
import type { LinkedSku } from './types';
import { useUploadQueue, type ResolvedResult, type UploadItem } from './use-upload-queue';
import { RoleGate } from '@/components/team/role-gate';
import { useCan } from '@/components/team/role-context';

/** Files of a drop, including those inside dropped folders (one level of entries is enough for most). */
async function filesOf(dt: DataTransfer): Promise<File[]> {
  const out: File[] = [];
  const entries: FileSystemEntry[] = [];
  for (const item of Array.from(dt.items ?? [])) {
    const entry = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
    if (entry?.isDirectory) entries.push(entry);
    else {
      const f = item.kind === 'file' ? item.getAsFile() : null;
      if (f) out.push(f);
    }
  }
  if (!dt.items?.length) out.push(...Array.from(dt.files));
  // Folders: walk them (bounded) so "drop the supplier's folder" works too.
  const queue = [...entries];
  while (queue.length && out.length < MAX_FILES_PER_DROP) {
    const dir = queue.shift() as FileSystemDirectoryEntry;
    const children = await new Promise<FileSystemEntry[]>((resolve) =>
      dir.createReader().readEntries(resolve, () => resolve([])),
    );
    for (const c of children) {
      if (c.isDirectory) queue.push(c);
      else {
        const f = await new Promise<File | null>((resolve) =>
          (c as FileSystemFileEntry).file(resolve, () => resolve(null)),
        );
        if (f && !f.name.startsWith('.')) out.push(f);
      }
    }
  }
  return out.slice(0, MAX_FILES_PER_DROP);
}

function ResultIcon({ status }: { status: ResolvedResult['status'] }) {
  if (status === 'uploaded') return <CircleCheck className="size-4 shrink-0 text-success" aria-hidden="true" />;
  if (status === 'duplicate') return <Copy className="size-4 shrink-0 text-info-soft-foreground" aria-hidden="true" />;
  if (status === 'skipped_quota') return <HardDrive className="size-4 shrink-0 text-warning" aria-hidden="true" />;
  return <CircleAlert className="size-4 shrink-0 text-danger" aria-hidden="true" />;
}

/** One stored (or refused) file: its outcome and, when stored, its type, confidence and diagnostic. */
function ResultLine({ r, label }: { r: ResolvedResult; label: string }) {
  const t = useT(documentMessages);
  const locale = useLocale();
  const doc = r.document;
  const type = doc?.document_type ?? r.classification?.document_type ?? null;
  const confidence = doc?.classification_confidence ?? r.classification?.confidence ?? null;
  const diagnostic = doc?.diagnostic ?? r.classification?.diagnostic ?? null;
  return (
    <div
      className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1"
      data-testid="upload-result"
      data-status={r.status}
    >
      <ResultIcon status={r.status} />
      <span className="min-w-0 truncate text-foreground" title={label}>
        {label}
      </span>
      {r.status === 'uploaded' ? (
        <>
          <Badge variant="success">{t('result.uploaded')}</Badge>
          {doc && isTypePending(doc) ? (
            // A scan: OCR sets its type in the background; the vault list shows it when it ends.
            <PendingTypeBadge />
          ) : (
            <>
              {type ? <span className="text-muted-foreground">{documentTypeLabel(type, t, locale)}</span> : null}
              <ConfidenceText value={confidence} />
              {diagnostic ? <DiagnosticBadge diagnostic={diagnostic} /> : null}
            </>
          )}
          {r.document_id ? (
            <Link href={`/documents/${r.document_id}`} className="text-xs font-medium text-primary hover:underline">
              {t('result.open')}
            </Link>
          ) : null}
        </>
      ) : r.status === 'duplicate' ? (
        <>
          <Badge variant="info">{t('result.duplicate')}</Badge>
          <span className="text-muted-foreground">
            {doc && doc.filename !== label ? t('result.already_as', { filename: doc.filename }) : t('result.already')}
          </span>
          {r.document_id ? (
            <Link
              href={`/documents/${r.document_id}`}
              className="text-xs font-medium text-primary hover:underline"
              data-testid="duplicate-link"
            >
              {t('result.open_existing')}
            </Link>
          ) : null}
        </>
      ) : r.status === 'skipped_quota' ? (
        <>
          <Badge variant="warning">{t('result.storage_full')}</Badge>
          <span className="text-muted-foreground">{r.message ?? t('upload_error.STORAGE_LIMIT_EXCEEDED')}</span>
          <Link href="/settings" className="text-xs font-medium text-primary hover:underline">
            {t('result.see_plan')}
          </Link>
        </>
      ) : (
        <>
          <Badge variant="danger">{t('result.error')}</Badge>
          <span className="text-danger-soft-foreground">{uploadErrorLabel(r.error_code, r.message, t)}</span>
        </>
      )}
    </div>
  );
}

function phaseText(item: UploadItem, t: DocT): string {
  switch (item.phase) {
    case 'queued':
      return t('phase.queued');
    case 'inspecting':
      return item.route === 'container' ? t('phase.inspecting_bundle') : t('phase.inspecting_list');
    case 'uploading':
      return t('phase.uploading', { percent: Math.round(item.progress * 100) });
    case 'finishing':
      return t('phase.finishing');
    case 'cancelled':
      return t('phase.cancelled');
    case 'failed':
      return t('phase.failed');
    case 'offer_import':
      return t('phase.offer_import');
    case 'done':
      return '';
  }
}

function summaryOf(results: ResolvedResult[]) {
  const s = { uploaded: 0, duplicate: 0, error: 0, skipped_quota: 0 };
  for (const r of results) s[r.status]++;
  return s;
}

function SummaryBadges({ results }: { results: ResolvedResult[] }) {
  const t = useT(documentMessages);
  const s = summaryOf(results);
  return (
    <span className="flex flex-wrap items-center gap-1">
      {s.uploaded ? <Badge variant="success">{t('count.uploaded', { count: s.uploaded })}</Badge> : null}
      {s.duplicate ? <Badge variant="info">{t('count.duplicate', { count: s.duplicate })}</Badge> : null}
      {s.error ? <Badge variant="danger">{t('count.not_stored', { count: s.error })}</Badge> : null}
      {s.skipped_quota ? <Badge variant="warning">{t('count.skipped_full', { count: s.skipped_quota })}</Badge> : null}
    </span>
  );
}

/** A bundle: what is inside (before and after the upload) and what was skipped and why. */
function BundleDetails({ item }: { item: UploadItem }) {
  const t = useT(documentMessages);
  const locale = useLocale();
  const c = item.container;
  const [open, setOpen] = React.useState(true);
  const partResults = item.results.filter((r) => r.path !== null);
  const byPath = new Map(partResults.map((r) => [r.path, r]));
  const skipped = c?.skipped ?? [];
  // Parts the server reported that the listing did not (or no listing at all): still shown.
  const listed = new Set((c?.parts ?? []).map((p) => p.path_in_container));
  const extra = partResults.filter(
    (r) => r.path && !listed.has(r.path) && !skipped.some((s) => s.path_in_container === r.path),
  );
  const partCount = c?.parts.length ?? partResults.length;
  const done = item.phase === 'done';
  const stored = partResults.filter((r) => r.status === 'uploaded' || r.status === 'duplicate').length;
  const total = c ? partCount + skipped.length : partResults.length;
  const nested = (c?.parts ?? []).some((p) => p.recursion_depth > 0) || skipped.some((s) => s.recursion_depth > 0);
  const inside = t('bundle.inside', { count: total });
  const headline = done
    ? [
        inside,
        t('bundle.stored', { count: stored }),
        total - stored ? t('bundle.not_stored', { count: total - stored }) : '',
      ]
        .filter(Boolean)
        .join(', ')
    : c
      ? `${[inside, skipped.length ? t('bundle.unreadable', { count: skipped.length }) : ''].filter(Boolean).join(', ')}${nested ? ` · ${t('bundle.nested', { levels: c.recursion_limit })}` : ''}`
      : t('bundle.unpacking');
  return (
    <div className="mt-2 rounded-md border border-border bg-surface-muted/40">
      <button
        type="button"
        className="flex w-full items-center gap-1.5 px-3 py-2 text-left text-xs font-medium text-muted-foreground hover:text-foreground"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <ChevronRight className={cn('size-3.5 transition-transform', open && 'rotate-90')} aria-hidden="true" />
        {headline}
      </button>
      {open ? (
        <ul className="grid gap-1.5 border-t border-border px-3 py-2 text-[0.8125rem]" data-testid="bundle-parts">
          {(c?.parts ?? []).map((p) => {
            const r = byPath.get(p.path_in_container);
            return (
              <li
                key={`p-${p.path_in_container}`}
                style={{ paddingLeft: `${Math.min(p.recursion_depth, 3) * 0.75}rem` }}
                data-testid="bundle-part"
              >
                {r ? (
                  <ResultLine r={r} label={p.path_in_container} />
                ) : (
                  <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground">
                    <FileIcon mime={p.mime_type} name={p.filename} />
                    <span className="min-w-0 truncate text-foreground">{p.path_in_container}</span>
                    <span>{documentTypeLabel(p.classification.document_type, t, locale)}</span>
                    <ConfidenceText value={p.classification.confidence} />
                    {p.classification.diagnostic ? <DiagnosticBadge diagnostic={p.classification.diagnostic} /> : null}
                    {item.phase === 'done' ? <span className="text-xs">{t('bundle.not_separate')}</span> : null}
                  </div>
                )}
              </li>
            );
          })}
          {extra.map((r) => (
            <li key={`x-${r.filename}`}>
              <ResultLine r={r} label={r.path ?? r.filename} />
            </li>
          ))}
          {skipped.map((s) => {
            const r = byPath.get(s.path_in_container);
            const indent = { paddingLeft: `${Math.min(s.recursion_depth, 3) * 0.75}rem` };
            // The upload may store a file the listing could not read (a legacy .doc, say): say both.
            if (r && (r.status === 'uploaded' || r.status === 'duplicate')) {
              return (
                <li key={`s-${s.path_in_container}`} style={indent} data-testid="bundle-part">
                  <ResultLine r={r} label={s.path_in_container || s.filename} />
                  <p className="mt-0.5 pl-6 text-xs text-muted-foreground">
                    {t('bundle.stored_unreadable', { reason: s.message || skipReasonLabel(s.reason, t) })}
                  </p>
                </li>
              );
            }
            return (
              <li
                key={`s-${s.path_in_container}`}
                className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1"
                data-testid="bundle-skipped"
                style={indent}
              >
                <Ban className="size-4 shrink-0 text-warning" aria-hidden="true" />
                <span className="min-w-0 truncate text-foreground">{s.path_in_container || s.filename}</span>
                <Badge variant="warning">{t('bundle.skipped', { reason: skipReasonShort(String(s.reason), t) })}</Badge>
                <span className="text-muted-foreground">{r?.message || s.message || skipReasonLabel(s.reason, t)}</span>
              </li>
            );
          })}
          {!c?.parts.length && !extra.length && !skipped.length ? (
            <li className="text-muted-foreground">{t('bundle.nothing')}</li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}

function UploadRow({ item, queue }: { item: UploadItem; queue: ReturnType<typeof useUploadQueue> }) {
  const t = useT(documentMessages);
  const f = useFormat();
  const router = useRouter();
  const active = ['queued', 'inspecting', 'uploading', 'finishing'].includes(item.phase);
  const isBundle = item.route === 'container';
  const single =
    !isBundle || (item.results.length === 1 && item.results[0]!.path === null) ? item.results[0] : undefined;
  const text = phaseText(item, t);

  return (
    <li className="px-5 py-3" data-testid="upload-item" data-filename={item.file.name} data-phase={item.phase}>
      <div className="flex min-w-0 items-center gap-3">
        {isBundle ? (
          <FileArchive className="size-5 shrink-0 text-subtle-foreground" aria-hidden="true" />
        ) : item.route === 'spreadsheet' ? (
          <FileSpreadsheet className="size-5 shrink-0 text-subtle-foreground" aria-hidden="true" />
        ) : (
          <FileIcon mime={item.file.type} name={item.file.name} className="size-5" />
        )}
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 items-center gap-2">
            <span className="truncate text-sm font-medium text-foreground" title={item.file.name}>
              {item.file.name}
            </span>
            <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{f.bytes(item.file.size)}</span>
            {item.skuId ? <Badge variant="neutral">{t('row.links_to_sku')}</Badge> : null}
          </div>
          {active ? (
            <div className="mt-1.5 flex items-center gap-3">
              <Progress
                className="max-w-md"
                label={t('row.uploading', { filename: item.file.name })}
                value={
                  item.phase === 'uploading'
                    ? item.progress
                    : item.phase === 'finishing'
                      ? 1
                      : item.phase === 'queued'
                        ? 0
                        : null
                }
                data-testid="upload-progress"
              />
              <span
                className="flex shrink-0 items-center gap-1.5 text-xs text-muted-foreground tabular-nums"
                aria-live="polite"
              >
                {item.phase !== 'queued' ? <LoaderCircle className="size-3.5 animate-spin" aria-hidden="true" /> : null}
                {text}
              </span>
            </div>
          ) : null}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {item.phase === 'done' && isBundle ? <SummaryBadges results={item.results} /> : null}
          {item.phase === 'failed' ? (
            <Button variant="secondary" size="sm" onClick={() => queue.retry(item.key)}>
              <RotateCcw aria-hidden="true" />
              {t('row.retry')}
            </Button>
          ) : null}
          {item.phase === 'cancelled' ? <Badge variant="neutral">{t('phase.cancelled')}</Badge> : null}
          {active ? (
            <Button
              variant="ghost"
              size="icon-sm"
              onClick={() => queue.cancel(item.key)}
              aria-label={t('row.cancel', { filename: item.file.name })}
            >
              <X aria-hidden="true" />
            </Button>
          ) : (
            <Button
              variant="ghost"
              size="icon-sm"
              onClick={() => queue.remove(item.key)}
              aria-label={t('row.remove', { filename: item.file.name })}
            >
              <X aria-hidden="true" />
            </Button>
          )}
        </div>
      </div>

      <div className="pl-8">
        {item.phase === 'failed' && item.error ? (
          <p className="mt-1 text-[0.8125rem] text-danger-soft-foreground" role="alert">
            {item.error.message}
          </p>
        ) : null}

        {item.phase === 'done' && single && !isBundle ? (
          <div className="mt-1 text-[0.8125rem]">
            <ResultLine r={single} label={item.file.name} />
          </div>
        ) : null}

        {item.phase === 'offer_import' ? (
          <div
            className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-violet-soft-foreground/15 bg-violet-soft px-3 py-2 text-[0.8125rem] text-violet-soft-foreground"
            data-testid="offer-import"
          >
            <span className="min-w-0 flex-1">
              <span className="font-medium">{t('row.offer_title')}</span> {t('row.offer_body')}
            </span>
            <Button
              size="sm"
              onClick={async () => {
                await queue.routeToImport(item.key);
                router.push('/imports/new?from=vault');
              }}
            >
              {t('row.offer_open')}
              <ArrowRight aria-hidden="true" />
            </Button>
            <Button size="sm" variant="secondary" onClick={() => queue.storeAnyway(item.key)}>
              {t('row.offer_keep')}
            </Button>
          </div>
        ) : null}

        {isBundle && (item.container || item.results.length || item.containerError) ? (
          <>
            {item.containerError ? (
              <p className="mt-1 text-xs text-muted-foreground">
                {t('row.container_error', { error: item.containerError })}
              </p>
            ) : null}
            {item.container || item.results.some((r) => r.path !== null) ? <BundleDetails item={item} /> : null}
            {item.phase === 'done' && item.results.some((r) => r.path === null) ? (
              <div className="mt-1 grid gap-1 text-[0.8125rem]">
                {item.results
                  .filter((r) => r.path === null)
                  .map((r) => (
                    <ResultLine key={r.filename} r={r} label={r.filename} />
                  ))}
              </div>
            ) : null}
          </>
        ) : null}

        {item.auditFailures ? (
          <p className="mt-1 text-xs text-warning-soft-foreground">
            {t('row.audit_failed', { count: item.auditFailures })}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Drag-and-drop (or picker) upload of many files at once. Dropping anywhere on the vault page works;
 * each file gets its own row, progress bar and outcome, and a bundle lists its parts and skips.
 */
export function UploadPanel({ initialSku, onStored }: { initialSku: LinkedSku | null; onStored: () => void }) {
  const t = useT(documentMessages);
  const router = useRouter();
  const queue = useUploadQueue({ onStored, onAuthLoss: () => router.replace(signInUrl()) });
  const [sku, setSku] = React.useState<LinkedSku | null>(initialSku);
  const [dragging, setDragging] = React.useState(false);
  const depth = React.useRef(0);
  const input = React.useRef<HTMLInputElement>(null);
  // A drop anywhere in the window uploads, so the role check guards it too (the Choose button is gated below).
  const upload = useCan('edit');
  const uploadAllowed = React.useRef(upload.allowed);
  React.useEffect(() => {
    uploadAllowed.current = upload.allowed;
  }, [upload.allowed]);

  // The SKU from the URL (?sku=) arrives after its look-up; adopt it unless the user chose another.
  const [adopted, setAdopted] = React.useState<string | null>(null);
  if (initialSku && adopted !== initialSku.id) {
    setAdopted(initialSku.id);
    setSku(initialSku);
  }

  const skuRef = React.useRef(sku);
  React.useEffect(() => {
    skuRef.current = sku;
  }, [sku]);

  function add(files: File[]) {
    queue.add(files, sku?.id ?? null);
  }

  React.useEffect(() => {
    // Whole-window drop target: a file dropped next to the drop zone must not open in the tab.
    const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth.current++;
      setDragging(true);
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    };
    const over = (e: DragEvent) => {
      if (hasFiles(e)) e.preventDefault();
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e) || !e.dataTransfer) return;
      e.preventDefault();
      depth.current = 0;
      setDragging(false);
      if (!uploadAllowed.current) return;
      void filesOf(e.dataTransfer).then((files) => queue.add(files, skuRef.current?.id ?? null));
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
    // queue.add is stable; the chosen SKU is read through a ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const all = queue.items.flatMap((i) => i.results);
  const totals = summaryOf(all);
  const inFlight = queue.items.filter((i) =>
    ['queued', 'inspecting', 'uploading', 'finishing'].includes(i.phase),
  ).length;
  const finished = queue.items.some((i) => ['done', 'cancelled', 'offer_import'].includes(i.phase));
  // The SKU code sits inside the sentence in its own style: split the message around it.
  const [linkBefore, linkAfter] = t('panel.will_link').split('{code}');

  return (
    <Card className="overflow-hidden" data-testid="upload-panel">
      <CardHeader>
        <div>
          <CardTitle>{t('panel.title')}</CardTitle>
          <CardDescription>{t('panel.description')}</CardDescription>
        </div>
        <div className="flex min-w-64 items-center gap-2">
          <span className="text-xs font-medium whitespace-nowrap text-muted-foreground">{t('panel.link_to_sku')}</span>
          <SkuPicker
            className="w-64"
            size="sm"
            label={t('panel.link_label')}
            placeholder={t('panel.link_placeholder')}
            value={sku}
            onChange={setSku}
          />
        </div>
      </CardHeader>

      <div className="p-5">
        <div
          className={cn(
            'flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-6 py-8 text-center transition-colors',
            dragging ? 'border-primary bg-primary-soft/60' : 'border-border-strong bg-surface-muted/40',
          )}
          data-testid="dropzone"
          data-dragging={dragging || undefined}
        >
          <div
            className={cn(
              'flex size-11 items-center justify-center rounded-xl border bg-surface',
              dragging ? 'border-primary text-primary' : 'border-border text-muted-foreground',
            )}
          >
            <Upload className="size-5" aria-hidden="true" />
          </div>
          <p className="text-sm font-medium text-foreground">
            {!upload.allowed ? t('panel.not_allowed') : dragging ? t('panel.release') : t('panel.prompt')}
          </p>
          <p className="max-w-lg text-xs text-muted-foreground">{t('panel.formats')}</p>
          <RoleGate need={'edit'} showReason>
            <Button type="button" variant="secondary" size="sm" className="mt-1" onClick={() => input.current?.click()}>
              {t('panel.choose')}
            </Button>
          </RoleGate>
          <input
            ref={input}
            type="file"
            multiple
            accept={ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label={t('panel.choose_label')}
            data-testid="file-input"
            onChange={(e) => {
              add(Array.from(e.target.files ?? []).slice(0, MAX_FILES_PER_DROP));
              e.target.value = '';
            }}
          />
          {sku ? (
            <p className="text-xs text-primary-soft-foreground">
              {linkBefore}
              <span className="font-mono font-medium">{sku.sku_code}</span>
              {linkAfter}
            </p>
          ) : null}
        </div>
      </div>

      {queue.items.length ? (
        <>
          <div
            className="flex flex-wrap items-center justify-between gap-2 border-y border-border bg-surface-muted/60 px-5 py-2 text-xs text-muted-foreground"
            data-testid="upload-summary"
          >
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1" aria-live="polite">
              <span>{t('panel.files_added', { count: queue.items.length })}</span>
              {inFlight ? <span>{t('panel.in_progress', { count: inFlight })}</span> : null}
              {totals.uploaded ? (
                <span className="text-success-soft-foreground">{t('panel.stored', { count: totals.uploaded })}</span>
              ) : null}
              {totals.duplicate ? <span>{t('panel.duplicate', { count: totals.duplicate })}</span> : null}
              {totals.error ? (
                <span className="text-danger-soft-foreground">{t('panel.not_stored', { count: totals.error })}</span>
              ) : null}
              {totals.skipped_quota ? (
                <span className="text-warning-soft-foreground">
                  {t('panel.skipped', { count: totals.skipped_quota })}
                </span>
              ) : null}
            </span>
            {finished ? (
              <Button variant="ghost" size="sm" className="h-7 text-xs" onClick={queue.clearFinished}>
                {t('panel.clear')}
              </Button>
            ) : null}
          </div>
          <ul className="max-h-[32rem] divide-y divide-border overflow-y-auto" aria-label={t('panel.list_label')}>
            {queue.items.map((item) => (
              <UploadRow key={item.key} item={item} queue={queue} />
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}
