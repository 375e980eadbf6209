'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { ArrowLeft, CircleCheck, Globe, LoaderCircle, ShieldAlert, TriangleAlert } from 'lucide-react';
import { ApiError, describeError, signInUrl } from '@/components/api/client';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, FieldError, FieldHint } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toaster';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useDebouncedValue } from '@/components/use-debounced-value';
import { useReadingPost } from '@/components/api/queries/use-api-query';
import type { CreateSkuDryRun, Sku } from '@/components/skus/types';
import type { FromUrlResponse } from '@/lib/imports/schemas';
import { useT } from '@/components/i18n/locale-provider';
import { commonMessages } from '@/lib/i18n/ui/common';
import { importFromUrlMessages } from '@/lib/i18n/ui/import-from-url';
import type { T } from '@/lib/i18n/ui';

type FromUrlT = T<(typeof importFromUrlMessages)['en']>;

/** The provenance note stored with each suggestion names its source in English: it is data, not UI text. */
const PROVENANCE_SOURCES: Record<string, string> = {
  jsonld: 'JSON-LD',
  microdata: 'Microdata',
  opengraph: 'OpenGraph',
};

/** Where a proposed value was found, by name: the formats' own names, "Microdata" in the UI language. */
function sourceLabel(source: string, t: FromUrlT): string {
  if (source === 'jsonld') return 'JSON-LD';
  if (source === 'opengraph') return 'OpenGraph';
  if (source === 'microdata') return t('source.microdata');
  return source;
}

interface ProposedRow {
  key: string;
  label: string;
  value: string;
  source?: string;
}

function proposedRows(r: FromUrlResponse, t: FromUrlT): ProposedRow[] {
  const p = r.proposed;
  const rows: ProposedRow[] = [];
  const add = (key: keyof FromUrlResponse['proposed'], label: string) => {
    const v = p[key];
    if (typeof v === 'string' && v.trim()) rows.push({ key, label, value: v, source: r.sources?.[key] });
  };
  add('product_name', t('field.product_name'));
  add('sku_code', 'SKU');
  add('gtin', 'GTIN');
  add('mpn', t('field.model'));
  add('brand', t('field.brand'));
  add('manufacturer', t('field.manufacturer'));
  add('description', t('field.description'));
  for (const [i, img] of (p.images ?? []).slice(0, 5).entries())
    rows.push({ key: `image_${i}`, label: i === 0 ? t('field.images') : '', value: img, source: r.sources?.images });
  return rows;
}

function warningText(w: FromUrlResponse['warnings'][number], t: FromUrlT): string {
  return typeof w === 'string' ? w : (w.message ?? w.code ?? t('warning'));
}

/** A code the SKU rules accept (letters, digits, _ and -), from whatever the page calls its SKU. */
function toSkuCode(raw: string | null | undefined): string {
  return (raw ?? '')
    .trim()
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50);
}

type Preview =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'ok'; result: CreateSkuDryRun }
  | { state: 'invalid'; message: string; fields: { path: string; message: string }[] }
  | { state: 'error'; message: string };

export interface FromUrlDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Paste a product page link: the server reads its structured data (JSON-LD, microdata, OpenGraph) and
 * proposes fields with their source. The user adjusts code and name, sees the SKU dry run, creates the
 * SKU, and the other fields arrive in its dossier as suggestions to confirm.
 */
export function FromUrlDialog({ open, onOpenChange }: FromUrlDialogProps) {
  const [busy, setBusy] = React.useState(false);
  return (
    <Dialog open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <DialogContent className="max-w-3xl" data-testid="from-url-dialog">
        {open ? <FromUrlBody onBusyChange={setBusy} onCancel={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function FromUrlBody({ onBusyChange, onCancel }: { onBusyChange: (b: boolean) => void; onCancel: () => void }) {
  const router = useRouter();
  const t = useT(importFromUrlMessages);
  const common = useT(commonMessages);
  const [url, setUrl] = React.useState('');
  const [result, setResult] = React.useState<FromUrlResponse | null>(null);
  const readPage = useApiMutation<FromUrlResponse, string>({
    request: (u) => ({ path: '/api/import/from-url', method: 'POST', body: { url: u } }),
  });
  const fetching = readPage.pending;
  // A lost session is no error to show: the page goes to sign-in.
  const fetchError = readPage.error && !readPage.error.isAuthLoss ? readPage.error : null;
  React.useEffect(() => onBusyChange(fetching), [fetching, onBusyChange]);

  async function read(e: React.FormEvent) {
    e.preventDefault();
    const u = url.trim();
    if (!u) return;
    try {
      setResult(await readPage.run(u));
    } catch (err) {
      if (err instanceof ApiError && err.isAuthLoss) router.replace(signInUrl());
    }
  }

  if (result)
    return (
      <ProposalStep result={result} onBack={() => setResult(null)} onCancel={onCancel} onBusyChange={onBusyChange} />
    );

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('read.title')}</DialogTitle>
        <DialogDescription>{t('read.description')}</DialogDescription>
      </DialogHeader>
      <form id="from-url-form" onSubmit={read} className="grid gap-3">
        <Field>
          <Label htmlFor="from-url-input">{t('read.url')}</Label>
          <div className="relative">
            <Globe
              className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-subtle-foreground"
              aria-hidden="true"
            />
            <Input
              id="from-url-input"
              type="url"
              inputMode="url"
              autoFocus
              required
              placeholder={t('read.url_placeholder')}
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              className="pl-8"
              maxLength={2048}
              aria-invalid={fetchError ? true : undefined}
              aria-describedby="from-url-msg"
            />
          </div>
          {fetchError ? null : <FieldHint id="from-url-msg">{t('read.url_hint')}</FieldHint>}
        </Field>
        {fetchError ? (
          <Alert
            variant="danger"
            title={t('read.error_title')}
            id="from-url-msg"
            data-testid="from-url-error"
            data-code={fetchError.code}
          >
            {fetchError.message}
          </Alert>
        ) : null}
      </form>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel} disabled={fetching}>
          {common('cancel')}
        </Button>
        <Button
          type="submit"
          form="from-url-form"
          loading={fetching}
          disabled={!url.trim()}
          data-testid="from-url-read"
        >
          {t('read.submit')}
        </Button>
      </DialogFooter>
    </>
  );
}

const SUGGESTION_FIELDS: { from: keyof FromUrlResponse['proposed']; field: string }[] = [
  { from: 'brand', field: 'brand' },
  { from: 'manufacturer', field: 'manufacturer_name' },
  { from: 'mpn', field: 'model_number' },
  { from: 'description', field: 'product_description' },
];

function ProposalStep({
  result,
  onBack,
  onCancel,
  onBusyChange,
}: {
  result: FromUrlResponse;
  onBack: () => void;
  onCancel: () => void;
  onBusyChange: (b: boolean) => void;
}) {
  const router = useRouter();
  const t = useT(importFromUrlMessages);
  const common = useT(commonMessages);
  const p = result.proposed;
  const [skuCode, setSkuCode] = React.useState(() => toSkuCode(p.sku_code ?? p.mpn ?? p.gtin));
  const [name, setName] = React.useState(() => (p.product_name ?? '').slice(0, 200));
  const [gtin, setGtin] = React.useState(() => p.gtin ?? '');
  const [addSuggestions, setAddSuggestions] = React.useState(true);
  const rows = proposedRows(result, t);

  const body = React.useMemo(() => {
    const g = gtin.replace(/[\s-]/g, '');
    return { sku_code: skuCode.trim(), product_name: name.trim(), ...(g ? { gtin: g } : {}) };
  }, [skuCode, name, gtin]);
  const bodyJson = JSON.stringify(body);
  const settled = useDebouncedValue(bodyJson, 350);

  // The server's dry run of the settled input (a newer question replaces the older one).
  const settledBody = JSON.parse(settled) as typeof body;
  const asked = Boolean(settledBody.sku_code || settledBody.product_name);
  const dry = useReadingPost<CreateSkuDryRun>(asked ? '/api/skus?dry_run=true' : null, asked ? settledBody : null);
  const preview: Preview = !asked
    ? { state: 'idle' }
    : dry.fetching
      ? { state: 'checking' }
      : dry.error
        ? dry.error.status === 400
          ? { state: 'invalid', message: dry.error.message, fields: dry.error.fields }
          : { state: 'error', message: dry.error.message || t('check.unavailable') }
        : dry.data
          ? { state: 'ok', result: dry.data }
          : { state: 'checking' };

  const fieldError = (k: string) =>
    preview.state === 'invalid' ? preview.fields.find((f) => f.path.split('.')[0] === k)?.message : undefined;
  const blocking = preview.state === 'ok' ? preview.result.blocking_reason : null;
  const stale = settled !== bodyJson || preview.state === 'checking';
  const canCreate = !stale && preview.state === 'ok' && !blocking;

  const createSku = useApiMutation<{ sku: Sku }, typeof body>({
    request: (b) => ({ path: '/api/skus', method: 'POST', body: b }),
    idempotent: true,
  });
  const suggest = useApiMutation<unknown, { skuId: string; suggestions: unknown[] }>({
    request: ({ skuId, suggestions }) => ({
      path: `/api/skus/${skuId}/dossier/suggestions`,
      method: 'POST',
      body: { suggestions },
    }),
    idempotent: true,
  });
  // Once the SKU exists (or the session is lost) the dialog stays locked while the page changes.
  const [leaving, setLeaving] = React.useState(false);
  const creating = createSku.pending || suggest.pending || leaving;
  const createError = createSku.error && !createSku.error.isAuthLoss ? describeError(createSku.error).title : null;
  React.useEffect(() => onBusyChange(creating), [creating, onBusyChange]);

  async function create() {
    let sku: Sku;
    try {
      sku = (await createSku.run(body)).sku;
    } catch (e) {
      if (e instanceof ApiError && e.isAuthLoss) {
        setLeaving(true);
        router.replace(signInUrl());
      }
      return;
    }
    setLeaving(true);
    if (addSuggestions) {
      const source = (k: string) =>
        result.sources?.[k] ? (PROVENANCE_SOURCES[result.sources[k]!] ?? result.sources[k]) : 'the page';
      const suggestions = SUGGESTION_FIELDS.flatMap(({ from, field }) => {
        const v = p[from];
        return typeof v === 'string' && v.trim()
          ? [
              {
                field_key: field,
                value: v.trim(),
                source: 'import' as const,
                provenance: { note: `From ${result.final_url} (${source(from)})`.slice(0, 500) },
              },
            ]
          : [];
      });
      const img = p.images?.[0];
      if (img)
        suggestions.push({
          field_key: 'product_image_url',
          value: img,
          source: 'import',
          provenance: { note: `From ${result.final_url} (${source('images')})`.slice(0, 500) },
        });
      if (suggestions.length) {
        try {
          await suggest.run({ skuId: sku.id, suggestions });
        } catch (e) {
          toast.warning(t('create.suggestions_failed'), {
            description: describeError(e).title,
          });
        }
      }
    }
    toast.success(t('create.done', { code: sku.sku_code }));
    router.push(`/skus/${sku.id}`);
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('proposal.title')}</DialogTitle>
        <DialogDescription className="break-all">
          {t('proposal.read_from')}{' '}
          <a
            href={result.final_url}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="font-medium text-primary hover:underline"
          >
            {result.final_url}
          </a>
          {result.final_url !== result.url ? ` ${t('proposal.after_redirects')}` : ''}.
        </DialogDescription>
      </DialogHeader>

      {rows.length ? (
        <div className="overflow-hidden rounded-lg border border-border" data-testid="from-url-fields">
          <table className="w-full text-[0.8125rem]">
            <tbody>
              {rows.map((r) => (
                <tr
                  key={r.key}
                  className="border-b border-border last:border-0"
                  data-testid="from-url-field"
                  data-field={r.key}
                >
                  <th
                    scope="row"
                    className="w-36 bg-surface-muted/60 px-3 py-2 text-left align-top text-xs font-medium text-muted-foreground"
                  >
                    {r.label}
                  </th>
                  <td className="px-3 py-2 align-top">
                    <span
                      className={
                        r.key.startsWith('image_') ? 'break-all font-mono text-xs' : 'line-clamp-4 break-words'
                      }
                    >
                      {r.value}
                    </span>
                  </td>
                  <td className="w-28 px-3 py-2 text-right align-top">
                    {r.source ? (
                      <Badge variant="info" data-testid="from-url-source">
                        {sourceLabel(r.source, t)}
                      </Badge>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <Alert variant="warning" title={t('proposal.none_title')}>
          {t('proposal.none')}
        </Alert>
      )}

      {result.warnings?.length ? (
        <ul className="grid gap-1 text-xs text-warning-soft-foreground" data-testid="from-url-warnings">
          {result.warnings.map((w, i) => (
            <li key={i} className="flex items-start gap-1.5">
              <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
              {warningText(w, t)}
            </li>
          ))}
        </ul>
      ) : null}

      <div className="grid items-start gap-4 border-t border-border pt-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_minmax(0,1fr)]">
        <Field>
          <Label htmlFor="from-url-sku">{t('proposal.sku_code')}</Label>
          <Input
            id="from-url-sku"
            value={skuCode}
            onChange={(e) => setSkuCode(e.target.value)}
            maxLength={50}
            className="font-mono"
            aria-invalid={fieldError('sku_code') ? true : undefined}
            aria-describedby="from-url-sku-msg"
          />
          {fieldError('sku_code') ? (
            <FieldError id="from-url-sku-msg">{fieldError('sku_code')}</FieldError>
          ) : (
            <FieldHint id="from-url-sku-msg">{t('proposal.sku_code_hint')}</FieldHint>
          )}
        </Field>
        <Field>
          <Label htmlFor="from-url-name">{t('field.product_name')}</Label>
          <Input
            id="from-url-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={200}
            aria-invalid={fieldError('product_name') ? true : undefined}
            aria-describedby="from-url-name-msg"
          />
          <FieldError id="from-url-name-msg">{fieldError('product_name')}</FieldError>
        </Field>
        <Field>
          <Label htmlFor="from-url-gtin">GTIN</Label>
          <Input
            id="from-url-gtin"
            value={gtin}
            onChange={(e) => setGtin(e.target.value)}
            maxLength={20}
            inputMode="numeric"
            className="font-mono"
            aria-invalid={fieldError('gtin') ? true : undefined}
            aria-describedby="from-url-gtin-msg"
          />
          <FieldError id="from-url-gtin-msg">{fieldError('gtin')}</FieldError>
        </Field>
      </div>

      <label className="flex items-start gap-2 text-[0.8125rem] text-foreground">
        <Checkbox checked={addSuggestions} onCheckedChange={(c) => setAddSuggestions(c === true)} className="mt-0.5" />
        <span>
          {t('proposal.suggestions')}
          <span className="block text-xs text-muted-foreground">{t('proposal.suggestions_hint')}</span>
        </span>
      </label>

      <div aria-live="polite" data-testid="from-url-check">
        {stale && preview.state !== 'idle' ? (
          <p className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
            <LoaderCircle className="size-3.5 animate-spin" aria-hidden="true" />
            {t('check.checking')}
          </p>
        ) : blocking ? (
          <Alert variant="danger" title={t('check.blocked')} data-testid="from-url-blocking">
            {blocking.message}
          </Alert>
        ) : preview.state === 'invalid' ? (
          <Alert variant="warning">{preview.fields.length ? t('check.fix_fields') : preview.message}</Alert>
        ) : preview.state === 'error' ? (
          <Alert variant="warning">{preview.message}</Alert>
        ) : preview.state === 'ok' ? (
          <p
            className="inline-flex items-center gap-1.5 text-xs font-medium text-success-soft-foreground"
            data-testid="from-url-ok"
          >
            <CircleCheck className="size-3.5" aria-hidden="true" />
            {t('check.ok')}
            {preview.result.plan_limit?.limit
              ? ` ${t('check.plan', { current: preview.result.plan_limit.current_count ?? 0, limit: preview.result.plan_limit.limit })}`
              : ''}
          </p>
        ) : null}
        {createError ? (
          <Alert variant="danger" title={t('create.failed')} className="mt-2">
            {createError}
          </Alert>
        ) : null}
      </div>

      <DialogFooter>
        <Button variant="ghost" className="sm:mr-auto" onClick={onBack} disabled={creating}>
          <ArrowLeft aria-hidden="true" />
          {t('action.another')}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={creating}>
          {common('cancel')}
        </Button>
        <Button onClick={() => void create()} loading={creating} disabled={!canCreate} data-testid="from-url-create">
          {blocking && !stale ? (
            <>
              <ShieldAlert aria-hidden="true" />
              {t('action.cannot')}
            </>
          ) : (
            t('action.create')
          )}
        </Button>
      </DialogFooter>
    </>
  );
}
