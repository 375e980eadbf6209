'use client';

import * as React from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/components/api/queries/keys';
import { useReadingUpload } from '@/components/api/queries/use-api-query';
import type { UploadTransfer as Transfer } from '@/components/api/upload';
import { useDebouncedValue } from '@/components/use-debounced-value';
import { ArrowLeft, ArrowRight, FileSearch, LoaderCircle, Upload } from 'lucide-react';
import { ApiError, signInUrl } from '@/components/api/client';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { commonMessages } from '@/lib/i18n/ui/common';
import { importMessages } from '@/lib/i18n/ui/imports';
import { newIdempotencyKey } from '@/components/api/client';
import { BatchProgress } from './batch-progress';
import { DryRunSummary } from './dry-run-summary';
import { Dropzone, checkImportFile, type FileProblem } from './dropzone';
import { FileShapeCard } from './file-shape-card';
import { isBatchRunning, useImportLabels } from './labels';
import { MappingCard, columnTarget } from './mapping-card';
import { PreviewTable } from './preview-table';
import { ProgressBar } from './progress-bar';
import { postImport } from './upload';
import { useBatchPoll } from './use-batch-poll';
import { WizardSteps, type WizardStep } from './wizard-steps';
import type {
  ImportBatch,
  ImportCommitResponse as CommitResponse,
  ImportDryRunResponse as DryRunResponse,
  ImportMappedColumn as DryRunColumn,
} from '@/lib/imports/schemas';
import { RoleGate } from '@/components/team/role-gate';
import { TemplateLinks } from './template-links';

const IMPORT = { operationId: 'importSkus', method: 'POST', path: '/api/import' } as const;

/** The options a dry run (and the commit) is sent with. */
interface RunOptions {
  sheet: string | null;
  headerRow: number | null;
  /** column index -> target chosen by the user */
  overrides: Record<number, string | null>;
}

const NO_OPTIONS: RunOptions = { sheet: null, headerRow: null, overrides: {} };

/**
 * The explicit mapping sent to the server: only the columns the user changed, keyed by header (or by
 * 0-based index when the header is blank, repeated or looks like an index).
 */
function mappingPayload(
  overrides: Record<number, string | null>,
  columns: DryRunColumn[],
): Record<string, string | null> | null {
  const entries = Object.entries(overrides);
  if (entries.length === 0) return null;
  const headerCount = new Map<string, number>();
  for (const c of columns)
    headerCount.set(c.header.trim().toLowerCase(), (headerCount.get(c.header.trim().toLowerCase()) ?? 0) + 1);
  const out: Record<string, string | null> = {};
  for (const [idx, target] of entries) {
    const col = columns.find((c) => c.index === Number(idx));
    const h = col?.header.trim() ?? '';
    const usable = h !== '' && !/^\d{1,4}$/.test(h) && headerCount.get(h.toLowerCase()) === 1;
    out[usable ? col!.header : String(idx)] = target;
  }
  return out;
}

function optionsKey(o: RunOptions): string {
  return JSON.stringify([o.sheet, o.headerRow, Object.entries(o.overrides).sort(([a], [b]) => Number(a) - Number(b))]);
}

function TransferStatus({ transfer, file, what }: { transfer: Transfer; file: File; what: string }) {
  const t = useT(importMessages);
  const f = useFormat();
  if (transfer.phase === 'idle') return null;
  const uploading = transfer.phase === 'uploading';
  const ratio = uploading ? (transfer.total ? transfer.sent / transfer.total : 0) : null;
  return (
    <div className="grid gap-2" data-testid="upload-progress" data-phase={transfer.phase}>
      <div className="flex items-center justify-between gap-3 text-[0.8125rem]">
        <span className="inline-flex items-center gap-1.5 font-medium text-foreground">
          <LoaderCircle className="size-3.5 animate-spin text-primary" aria-hidden="true" />
          {uploading ? t('wizard.uploading', { name: file.name }) : what}
        </span>
        <span className="text-muted-foreground tabular-nums">
          {uploading
            ? t('wizard.sent_of', { sent: f.bytes(transfer.sent), total: f.bytes(transfer.total) })
            : t('wizard.reading_rows')}
        </span>
      </div>
      <ProgressBar
        value={ratio}
        label={uploading ? t('wizard.upload_progress') : what}
        valueText={uploading ? `${Math.round((ratio ?? 0) * 100)} %` : undefined}
      />
    </div>
  );
}

/** Upload → columns and preview → dry run → import with live progress → review. Nothing is written before "Import". */
export function ImportWizard() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const t = useT(importMessages);
  const common = useT(commonMessages);
  const f = useFormat();
  const labels = useImportLabels();
  const [step, setStep] = React.useState<Exclude<WizardStep, 'review'>>('upload');
  const [file, setFile] = React.useState<File | null>(null);
  const [fileProblem, setFileProblem] = React.useState<FileProblem | null>(null);
  const [options, setOptions] = React.useState<RunOptions>(NO_OPTIONS);
  // Which choice of file the dry run answers: each file chosen is read afresh, even the same one again.
  const [fileId, setFileId] = React.useState(0);
  const [commitTransfer, setCommitTransfer] = React.useState<Transfer>({ phase: 'idle' });
  const [commitError, setCommitError] = React.useState<ApiError | null>(null);
  const [batch, setBatch] = React.useState<ImportBatch | null>(null);
  const commitKey = React.useRef<string | null>(null);
  const columnsRef = React.useRef<DryRunColumn[]>([]);

  const key = optionsKey(options);
  // The dry run, whenever the file or the options change. A newer run aborts the older one; mapping
  // changes wait a moment so several quick choices cost one upload.
  const debounced = useDebouncedValue(options, 400);
  const settled = Object.keys(options.overrides).length ? debounced : options;
  const settledKey = optionsKey(settled);
  const dryRun = useReadingUpload<{ fileId: number; options: RunOptions; body: DryRunResponse }>(
    file ? '/api/import' : null,
    [fileId, settledKey],
    {
      size: file?.size ?? 0,
      upload: async ({ signal, onProgress, onUploaded }) => {
        try {
          const body = await postImport<DryRunResponse>({
            file: file!,
            dryRun: true,
            sheet: settled.sheet,
            headerRow: settled.headerRow,
            mapping: mappingPayload(settled.overrides, columnsRef.current),
            signal,
            onUploadProgress: onProgress,
            onUploaded,
          });
          if (!signal.aborted) columnsRef.current = body.columns;
          return { fileId, options: settled, body };
        } catch (e) {
          if (signal.aborted) throw e;
          if (e instanceof ApiError && e.isAuthLoss) router.replace(signInUrl());
          throw e instanceof ApiError
            ? e
            : new ApiError({ status: 0, code: 'UNKNOWN', message: t('wizard.read_failed') });
        }
      },
    },
  );
  const transfer = dryRun.transfer;
  // The answer to an earlier file is no answer to this one.
  const result = dryRun.data?.fileId === fileId ? dryRun.data : null;
  // The file's first answer opens the mapping step.
  if (step === 'upload' && file && result) setStep('mapping');

  const poll = useBatchPoll(batch?.id ?? null, batch);
  const liveBatch = poll.batch ?? batch;

  // A finished import opens its review.
  React.useEffect(() => {
    if (!liveBatch || isBatchRunning(liveBatch.status)) return;
    const t = setTimeout(() => router.push(`/imports/${liveBatch.id}`), 700);
    return () => clearTimeout(t);
  }, [liveBatch, router]);

  // Leaving while the file is still being sent loses the import: ask first.
  React.useEffect(() => {
    if (commitTransfer.phase === 'idle') return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [commitTransfer.phase]);

  function chooseFile(f: File) {
    const problem = checkImportFile(f);
    setFileProblem(problem);
    if (problem) return;
    columnsRef.current = [];
    commitKey.current = null;
    setOptions(NO_OPTIONS);
    setFileId((n) => n + 1);
    setFile(f);
  }

  function resetFile() {
    setFile(null);
    setFileId((n) => n + 1);
    setOptions(NO_OPTIONS);
    setStep('upload');
    columnsRef.current = [];
  }

  function setColumnTarget(column: DryRunColumn, target: string | null) {
    setOptions((o) => {
      const overrides = { ...o.overrides };
      const auto = columnTarget(column);
      if (target === auto && !(column.reason === 'explicit' || column.reason === 'explicit_ignore'))
        delete overrides[column.index];
      else overrides[column.index] = target;
      // One column per field: a field chosen here is no longer the choice of another column.
      if (target)
        for (const [idx, t] of Object.entries(overrides))
          if (Number(idx) !== column.index && t === target) delete overrides[Number(idx)];
      return { ...o, overrides };
    });
  }

  function resetColumn(column: DryRunColumn) {
    setOptions((o) => {
      const overrides = { ...o.overrides };
      delete overrides[column.index];
      return { ...o, overrides };
    });
  }

  async function startCommit() {
    if (!file || !result) return;
    setStep('commit');
    setCommitError(null);
    const used = result.options;
    commitKey.current ??= newIdempotencyKey();
    setCommitTransfer({ phase: 'uploading', sent: 0, total: file.size });
    try {
      const res = await postImport<CommitResponse>({
        file,
        dryRun: false,
        sheet: used.sheet,
        headerRow: used.headerRow,
        mapping: mappingPayload(used.overrides, result.body.columns),
        idempotencyKey: commitKey.current,
        onUploadProgress: (sent, total) => setCommitTransfer({ phase: 'uploading', sent, total }),
        onUploaded: () => setCommitTransfer({ phase: 'reading' }),
      });
      setBatch(res.batch);
      // The list of imports has a new batch.
      void queryClient.invalidateQueries({ queryKey: queryKeys.imports });
    } catch (e) {
      if (e instanceof ApiError && e.isAuthLoss) {
        router.replace(signInUrl());
        return;
      }
      const err =
        e instanceof ApiError ? e : new ApiError({ status: 0, code: 'UNKNOWN', message: t('wizard.start_failed') });
      // Only a lost answer may be a started import: keep the key so a retry cannot import twice.
      if (err.status !== 0) commitKey.current = null;
      setCommitError(err);
    } finally {
      setCommitTransfer({ phase: 'idle' });
    }
  }

  const busy = transfer.phase !== 'idle';
  const body = result?.body ?? null;
  const stale = busy || (result !== null && optionsKey(result.options) !== key);
  // A lost session is on its way to the sign-in page, not an error to show.
  const currentError = settledKey === key && dryRun.error && !dryRun.error.isAuthLoss ? dryRun.error : null;
  const importable = body ? body.counts.would_create + body.counts.would_update : 0;
  const missing = body
    ? (body.missing_required ??
      (['sku_code', 'product_name'] as const).filter((t) => !body.columns.some((c) => columnTarget(c) === t)))
    : [];

  return (
    <>
      <PageHeader
        eyebrow={
          <Link href="/imports" className="hover:text-foreground hover:underline">
            {t('page.list')}
          </Link>
        }
        title={t('page.new')}
        description={t('wizard.description')}
      />
      <WizardSteps current={step} />

      {step === 'upload' ? (
        <Card data-testid="wizard-upload">
          <CardContent className="grid gap-4 py-5">
            {!file || !busy ? (
              <Dropzone onFile={chooseFile} disabled={busy} />
            ) : (
              <div className="rounded-xl border border-border bg-surface-muted/40 px-6 py-10">
                <TransferStatus transfer={transfer} file={file} what={t('wizard.reading', { name: file.name })} />
              </div>
            )}
            {!file ? <TemplateLinks /> : null}
            {fileProblem ? (
              <Alert variant="danger" title={t('wizard.file_problem')}>
                {t(fileProblem.key, { name: fileProblem.name, size: f.bytes(fileProblem.size) })}
              </Alert>
            ) : null}
            {currentError ? (
              <Alert
                variant="danger"
                title={t('wizard.not_read', { name: file?.name ?? t('wizard.the_file') })}
                data-testid="dry-run-error"
              >
                {currentError.message}
                {currentError.code ? (
                  <span className="ml-1 font-mono text-xs opacity-70">({currentError.code})</span>
                ) : null}
              </Alert>
            ) : null}
          </CardContent>
          <CardFooter className="justify-between">
            <p className="text-xs text-muted-foreground">{t('wizard.server_note')}</p>
            <Button variant="ghost" asChild>
              <Link href="/imports">{common('cancel')}</Link>
            </Button>
          </CardFooter>
        </Card>
      ) : null}

      {step === 'mapping' && file && body ? (
        <div className="grid gap-5" data-testid="wizard-mapping">
          <FileShapeCard
            file={file}
            shape={body.file}
            busy={busy}
            requestedHeaderRow={options.headerRow}
            onSheet={(sheet) => setOptions({ sheet, headerRow: null, overrides: {} })}
            onHeaderRow={(headerRow) =>
              setOptions((o) => ({ sheet: o.sheet ?? body.file.sheet ?? null, headerRow, overrides: {} }))
            }
            onReplaceFile={resetFile}
          />
          {busy ? (
            <Card className="px-5 py-3">
              <TransferStatus transfer={transfer} file={file} what={t('wizard.checking_changes')} />
            </Card>
          ) : null}
          {currentError ? (
            <Alert variant="danger" title={t('wizard.check_failed')} data-testid="dry-run-error">
              {currentError.message}{' '}
              <button type="button" className="font-medium underline" onClick={dryRun.refetch}>
                {common('retry')}
              </button>
            </Alert>
          ) : null}
          {missing.length ? (
            <Alert
              variant="warning"
              title={t('wizard.missing_title', {
                fields: missing.map((m) => labels.target(m)).join(` ${t('wizard.or')} `),
              })}
              data-testid="missing-required"
            >
              {t('wizard.missing')}
            </Alert>
          ) : null}
          <MappingCard
            columns={body.columns}
            overrides={options.overrides}
            onChange={setColumnTarget}
            onResetColumn={resetColumn}
            busy={false}
          />
          <PreviewTable columns={body.columns} rows={body.sample_rows} stale={stale} />
          <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-surface/95 px-4 py-3 shadow-md backdrop-blur">
            <p className="text-[0.8125rem] text-muted-foreground" data-testid="mapping-footer-counts">
              {stale ? (
                t('wizard.checking')
              ) : (
                <>
                  <span className="font-semibold text-foreground tabular-nums">{f.number(body.counts.total_rows)}</span>{' '}
                  {t('wizard.counts', {
                    created: body.counts.would_create,
                    updated: body.counts.would_update,
                    skipped: body.counts.would_skip,
                  })}{' '}
                  <span className={body.counts.would_fail ? 'font-medium text-danger-soft-foreground' : undefined}>
                    {t('wizard.failing', { count: body.counts.would_fail })}
                  </span>
                </>
              )}
            </p>
            <div className="flex gap-2">
              <Button variant="secondary" onClick={resetFile} disabled={busy}>
                <ArrowLeft aria-hidden="true" />
                {t('wizard.another_file')}
              </Button>
              <Button
                onClick={() => setStep('summary')}
                disabled={stale || Boolean(currentError) || importable === 0}
                data-testid="to-summary"
              >
                {t('wizard.to_summary')}
                <ArrowRight aria-hidden="true" />
              </Button>
            </div>
          </div>
        </div>
      ) : null}

      {step === 'summary' && file && body ? (
        <div className="grid gap-5" data-testid="wizard-summary">
          <DryRunSummary result={body} />
          <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-surface/95 px-4 py-3 shadow-md backdrop-blur">
            <Button variant="secondary" onClick={() => setStep('mapping')}>
              <ArrowLeft aria-hidden="true" />
              {t('wizard.back_to_columns')}
            </Button>
            <RoleGate need={IMPORT} showReason>
              <Button onClick={() => void startCommit()} disabled={importable === 0} data-testid="commit-import">
                <Upload aria-hidden="true" />
                {t('wizard.commit', { count: importable })}
              </Button>
            </RoleGate>
          </div>
        </div>
      ) : null}

      {step === 'commit' && file ? (
        <Card data-testid="wizard-commit">
          <CardHeader>
            <div>
              <CardTitle>{t('wizard.importing', { name: file.name })}</CardTitle>
              <CardDescription>
                {liveBatch && !isBatchRunning(liveBatch.status) ? t('wizard.done') : t('wizard.can_leave')}
              </CardDescription>
            </div>
          </CardHeader>
          <CardContent className="grid gap-4">
            {commitTransfer.phase !== 'idle' ? (
              <TransferStatus transfer={commitTransfer} file={file} what={t('wizard.starting')} />
            ) : null}
            {liveBatch ? <BatchProgress batch={liveBatch} /> : null}
            {poll.error && liveBatch && isBatchRunning(liveBatch.status) ? (
              <p className="text-xs text-muted-foreground">
                {t('wizard.lost_contact', { message: poll.error.message })}
              </p>
            ) : null}
            {commitError ? (
              <Alert variant="danger" title={t('wizard.not_started')} data-testid="commit-error">
                {commitError.message}
              </Alert>
            ) : null}
          </CardContent>
          <CardFooter>
            {commitError ? (
              <>
                <Button variant="secondary" onClick={() => setStep('summary')}>
                  <ArrowLeft aria-hidden="true" />
                  {common('back')}
                </Button>
                <RoleGate need={IMPORT}>
                  <Button onClick={() => void startCommit()}>{common('retry')}</Button>
                </RoleGate>
              </>
            ) : liveBatch ? (
              <Button asChild variant={isBatchRunning(liveBatch.status) ? 'secondary' : 'primary'}>
                <Link href={`/imports/${liveBatch.id}`}>
                  <FileSearch aria-hidden="true" />
                  {t('wizard.open_review')}
                </Link>
              </Button>
            ) : null}
          </CardFooter>
        </Card>
      ) : null}
    </>
  );
}
