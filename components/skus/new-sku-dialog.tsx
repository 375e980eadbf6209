'use client';

import { acceptGtin, gtinDigits } from '@/lib/gtin';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { CreateSkuInput, SKU_CODE_RE } from '@/lib/skus/schemas';
import { queryKeys } from '@/components/api/queries/keys';
import * as React from 'react';
import Link from 'next/link';
import { useForm, useWatch } from 'react-hook-form';
import { CircleCheck, LoaderCircle, ShieldAlert } from 'lucide-react';
import { ApiError, describeError } from '@/components/api/client';
import { useReadingPost } from '@/components/api/queries/use-api-query';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
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
import { Meter } from '@/components/ui/meter';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/toaster';
import { useT } from '@/components/i18n/locale-provider';
import { usePlanLabel } from '@/components/workspace/plan-badge';
import type { Plan } from '@/components/api/types';
import type { T } from '@/lib/i18n/ui';
import { commonMessages } from '@/lib/i18n/ui/common';
import { skuActionMessages } from '@/lib/i18n/ui/sku-actions';
import { useCategoryLabel, useCategoryOptions } from './use-category-label';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useDebouncedValue } from '@/components/use-debounced-value';
import type { CreateSkuDryRun, Sku } from './types';

interface Values {
  sku_code: string;
  product_name: string;
  gtin: string;
  category_code: string;
  external_sku_id: string;
}

const EMPTY: Values = { sku_code: '', product_name: '', gtin: '', category_code: '', external_sku_id: '' };
const FIELDS = ['sku_code', 'product_name', 'gtin', 'category_code', 'external_sku_id'] as const;
const NO_CATEGORY = '__none__';

/** What is sent: the code trimmed, GTIN without the spaces and hyphens people paste, empty = absent. */
function toBody(v: Values): CreateSkuInput {
  const gtin = gtinDigits(v.gtin.trim());
  return {
    sku_code: v.sku_code.trim(),
    product_name: v.product_name,
    ...(gtin ? { gtin } : {}),
    ...(v.category_code ? { category_code: v.category_code } : {}),
    ...(v.external_sku_id.trim() ? { external_sku_id: v.external_sku_id.trim() } : {}),
  };
}

type Messages = T<typeof skuActionMessages.en>;

/**
 * The form's values, read into the request body and checked by the server's own schema; only the
 * sentences for an empty or malformed code and an empty name are the form's (they say what to type,
 * in the UI language).
 */
function newSkuSchema(t: Messages) {
  return z
    .object({
      sku_code: z.string().trim().min(1, t('new.code_required')).regex(SKU_CODE_RE, t('new.code_format')),
      product_name: z.string().refine((v) => v.trim().length > 0, t('new.name_required')),
      gtin: z.string(),
      category_code: z.string(),
      external_sku_id: z.string(),
    })
    .transform(toBody)
    .pipe(CreateSkuInput);
}
type NewSkuSchema = ReturnType<typeof newSkuSchema>;

type Preview =
  | { state: 'idle' }
  | { state: 'checking'; last?: CreateSkuDryRun }
  | { state: 'ok'; result: CreateSkuDryRun }
  | { state: 'invalid'; fields: { path: string; message: string }[]; message: string }
  | { state: 'error'; message: string };

function previewOf(
  parsed: ReturnType<NewSkuSchema['safeParse']> | null,
  dry: { data: CreateSkuDryRun | undefined; error: ApiError | undefined; fetching: boolean },
  t: Messages,
): Preview {
  if (!parsed) return { state: 'idle' };
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    return { state: 'invalid', fields, message: fields[0]?.message ?? t('new.check_fields') };
  }
  if (dry.fetching) return { state: 'checking', last: dry.data };
  if (dry.error)
    return dry.error.status === 400
      ? { state: 'invalid', fields: dry.error.fields, message: dry.error.message }
      : { state: 'error', message: dry.error.message || t('new.preview_unavailable') };
  return dry.data ? { state: 'ok', result: dry.data } : { state: 'checking' };
}

export interface NewSkuDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (sku: Sku) => void;
}

/**
 * Creates one SKU. As the user types, the server's dry run (POST /api/skus?dry_run=true) shows what
 * would be stored, which requirement profile attaches, the plan limit, and why creation would fail,
 * before anything is written. The real create carries an Idempotency-Key.
 */
export function NewSkuDialog({ open, onOpenChange, onCreated }: NewSkuDialogProps) {
  const [busy, setBusy] = React.useState(false);
  return (
    <Dialog open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <DialogContent className="max-w-3xl" data-testid="new-sku-dialog">
        {/* Mounted only while open, so every opening starts from an empty form and preview. */}
        <NewSkuForm onCancel={() => onOpenChange(false)} onCreated={onCreated} onBusyChange={setBusy} />
      </DialogContent>
    </Dialog>
  );
}

function NewSkuForm({
  onCancel,
  onCreated,
  onBusyChange,
}: {
  onCancel: () => void;
  onCreated: (sku: Sku) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const t = useT(skuActionMessages);
  const common = useT(commonMessages);
  const planLabel = usePlanLabel();
  const categoryLabel = useCategoryLabel();
  const categories = useCategoryOptions();
  const schema = React.useMemo(() => newSkuSchema(t), [t]);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<Values, unknown, CreateSkuInput>({
    defaultValues: EMPTY,
    mode: 'onChange',
    resolver: zodResolver(schema),
  });
  const create = useApiMutation<{ sku: Sku }, CreateSkuInput>({
    request: (body) => ({ path: '/api/skus', method: 'POST', body }),
    idempotent: true,
    // The new SKU belongs in every list and count: they refetch when next shown.
    invalidates: [queryKeys.skus, queryKeys.dashboard],
  });

  const values = useWatch({ control });
  // A wrong check digit is accepted (the contract checks digits and length); the form says so beforehand.
  const gtinHint = React.useMemo(() => {
    const a = acceptGtin(values.gtin ?? '');
    return a.ok && !a.check_digit_valid
      ? { expected: String(a.expected_check_digit ?? ''), fixes: a.likely_fixes.map((f) => f.value) }
      : null;
  }, [values.gtin]);
  const bodyJson = JSON.stringify({ ...EMPTY, ...values });
  const debouncedJson = useDebouncedValue(bodyJson, 350);

  React.useEffect(() => onBusyChange(isSubmitting), [isSubmitting, onBusyChange]);

  // The dry run of the settled input. Input the schema refuses is shown as such here; the server is asked
  // only about input it may accept (a newer question replaces the older one, its answer kept meanwhile).
  const settled = JSON.parse(debouncedJson) as Values;
  const parsed = settled.sku_code.trim() || settled.product_name.trim() ? schema.safeParse(settled) : null;
  const dry = useReadingPost<CreateSkuDryRun>(
    parsed?.success ? '/api/skus?dry_run=true' : null,
    parsed?.success ? parsed.data : null,
  );
  const preview = previewOf(parsed, dry, t);

  // Server-side field problems from the dry run, shown under the fields the user has already filled.
  const serverFieldError = (name: (typeof FIELDS)[number]): string | undefined => {
    if (preview.state !== 'invalid') return undefined;
    if (!dirtyFields[name]) return undefined;
    return preview.fields.find((f) => f.path.split('.')[0] === name)?.message;
  };
  const blocking = preview.state === 'ok' ? preview.result.blocking_reason : null;
  const stale = bodyJson !== debouncedJson || preview.state === 'checking';

  async function onSubmit(body: CreateSkuInput) {
    clearErrors();
    try {
      const res = await create.run(body);
      toast.success(t('new.created', { code: res.sku.sku_code }), { description: t('new.created_hint') });
      onCreated(res.sku);
    } catch (e) {
      if (e instanceof ApiError) {
        let placed = false;
        for (const f of e.fields) {
          const root = f.path.split('.')[0] as (typeof FIELDS)[number];
          if ((FIELDS as readonly string[]).includes(root)) {
            setError(root, { type: 'server', message: f.message });
            placed = true;
          }
        }
        if (e.code === 'SKU_CODE_EXISTS') {
          setError('sku_code', { type: 'server', message: e.message });
          placed = true;
        }
        if (placed) return;
      }
      const { title, description } = describeError(e);
      setError('root', { type: 'server', message: description ? `${title} ${description}` : title });
    }
  }

  const result = preview.state === 'ok' ? preview.result : preview.state === 'checking' ? preview.last : undefined;

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('new.title')}</DialogTitle>
        <DialogDescription>
          {t('new.intro')}{' '}
          <Link href="/imports" className="font-medium text-primary hover:underline">
            {t('new.intro_link')}
          </Link>
          .
        </DialogDescription>
      </DialogHeader>

      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_17rem]">
        <form id="new-sku-form" className="grid content-start gap-4" onSubmit={handleSubmit(onSubmit)} noValidate>
          <Field>
            <Label htmlFor="sku-code">{t('new.code')}</Label>
            <Input
              id="sku-code"
              autoFocus
              autoComplete="off"
              spellCheck={false}
              placeholder={t('new.code_placeholder')}
              className="font-mono"
              maxLength={50}
              aria-invalid={errors.sku_code || serverFieldError('sku_code') ? true : undefined}
              aria-describedby="sku-code-msg"
              {...register('sku_code')}
            />
            {errors.sku_code || serverFieldError('sku_code') ? (
              <FieldError id="sku-code-msg">{errors.sku_code?.message ?? serverFieldError('sku_code')}</FieldError>
            ) : (
              <FieldHint id="sku-code-msg">{t('new.code_hint')}</FieldHint>
            )}
          </Field>

          <Field>
            <Label htmlFor="sku-name">{t('new.name')}</Label>
            <Input
              id="sku-name"
              autoComplete="off"
              placeholder={t('new.name_placeholder')}
              maxLength={200}
              aria-invalid={errors.product_name || serverFieldError('product_name') ? true : undefined}
              aria-describedby="sku-name-msg"
              {...register('product_name')}
            />
            <FieldError id="sku-name-msg">
              {errors.product_name?.message ?? serverFieldError('product_name')}
            </FieldError>
          </Field>

          <div className="grid gap-4 sm:grid-cols-2">
            <Field>
              <Label htmlFor="sku-gtin">
                GTIN / EAN <span className="font-normal text-muted-foreground">{t('new.optional')}</span>
              </Label>
              <Input
                id="sku-gtin"
                inputMode="numeric"
                autoComplete="off"
                placeholder={t('new.gtin_placeholder')}
                className="font-mono"
                maxLength={20}
                aria-invalid={errors.gtin || serverFieldError('gtin') ? true : undefined}
                aria-describedby="sku-gtin-msg"
                {...register('gtin')}
              />
              <FieldError id="sku-gtin-msg">{errors.gtin?.message ?? serverFieldError('gtin')}</FieldError>
              {gtinHint && !errors.gtin && !serverFieldError('gtin') ? (
                <p className="text-xs text-warning-soft-foreground" data-testid="gtin-check-digit-hint">
                  {t('new.gtin_check_digit', { digit: gtinHint.expected })}
                  {gtinHint.fixes.length ? ` ${t('new.gtin_possible', { values: gtinHint.fixes.join(', ') })}` : ''}
                </p>
              ) : null}
            </Field>
            <Field>
              <Label htmlFor="sku-category">{t('new.category')}</Label>
              <Select
                value={values.category_code || NO_CATEGORY}
                onValueChange={(v) => setValue('category_code', v === NO_CATEGORY ? '' : v, { shouldDirty: true })}
              >
                <SelectTrigger id="sku-category" aria-describedby="sku-category-hint">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NO_CATEGORY}>{t('new.no_category')}</SelectItem>
                  {categories
                    .filter((c) => c.code !== 'general')
                    .map((c) => (
                      <SelectItem key={c.code} value={c.code}>
                        {c.label}
                      </SelectItem>
                    ))}
                </SelectContent>
              </Select>
              <FieldHint id="sku-category-hint">{t('new.category_hint')}</FieldHint>
            </Field>
          </div>

          <Field>
            <Label htmlFor="sku-external">
              {t('new.external')} <span className="font-normal text-muted-foreground">{t('new.optional')}</span>
            </Label>
            <Input
              id="sku-external"
              autoComplete="off"
              placeholder={t('new.external_placeholder')}
              maxLength={200}
              {...register('external_sku_id')}
            />
          </Field>

          {errors.root ? (
            <Alert variant="danger" title={t('new.not_created')}>
              {errors.root.message}
            </Alert>
          ) : null}
        </form>

        <aside
          aria-label={t('new.preview')}
          aria-live="polite"
          className="grid content-start gap-3 rounded-lg border border-border bg-surface-muted/50 p-4 text-[0.8125rem]"
          data-testid="sku-preview"
        >
          <div className="flex items-center justify-between gap-2">
            <h3 className="font-semibold text-foreground">{t('new.preview')}</h3>
            {preview.state === 'idle' ? null : stale ? (
              <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
                <LoaderCircle className="size-3.5 animate-spin" aria-hidden="true" />
                {t('new.checking')}
              </span>
            ) : preview.state === 'ok' && !blocking ? (
              <span
                className="inline-flex items-center gap-1 text-xs font-medium text-success-soft-foreground"
                data-testid="preview-ok"
              >
                <CircleCheck className="size-3.5" aria-hidden="true" />
                {t('new.can_create')}
              </span>
            ) : null}
          </div>

          {preview.state === 'idle' ? <p className="text-muted-foreground">{t('new.idle')}</p> : null}

          {preview.state === 'invalid' ? <p className="text-muted-foreground">{t('new.fix_fields')}</p> : null}
          {preview.state === 'error' ? <Alert variant="warning">{preview.message}</Alert> : null}

          {result ? (
            <>
              {result.normalized_sku ? (
                <dl className="grid gap-2">
                  <PreviewRow
                    label={t('new.stored_as')}
                    value={<span className="font-mono">{result.normalized_sku.sku_code}</span>}
                  />
                  <PreviewRow
                    label={t('new.name_row')}
                    value={result.normalized_sku.product_name || '—'}
                    testId="preview-name"
                  />
                  <PreviewRow
                    label="GTIN"
                    value={
                      result.normalized_sku.gtin ? (
                        <span className="font-mono">{result.normalized_sku.gtin}</span>
                      ) : (
                        <span className="text-muted-foreground">{t('none')}</span>
                      )
                    }
                  />
                  <PreviewRow
                    label={t('new.category_row')}
                    testId="preview-category"
                    value={
                      <span className="inline-flex flex-wrap items-center gap-1">
                        {categoryLabel(result.category.selected_code)}
                        {result.category.defaulted ? <Badge variant="neutral">{t('new.defaulted')}</Badge> : null}
                      </span>
                    }
                  />
                  <PreviewRow
                    label={t('new.requirements')}
                    value={<span className="font-mono text-xs break-all">{result.requirement_profile.id ?? '—'}</span>}
                    testId="preview-profile"
                  />
                </dl>
              ) : null}
              {result.category.defaulted ? (
                <p className="text-xs text-muted-foreground">{t('new.defaulted_hint')}</p>
              ) : null}
              {result.plan_limit ? (
                <Meter
                  className="border-t border-border pt-3"
                  label={t('new.plan_limit', { plan: planLabel(result.plan_limit.plan as Plan) })}
                  value={result.plan_limit.current_count ?? 0}
                  max={result.plan_limit.limit}
                />
              ) : null}
              {blocking ? (
                <Alert variant="danger" title={t('new.cannot_be_created')} data-testid="preview-blocking">
                  <span data-code={blocking.code}>{blocking.message}</span>
                  {blocking.code === 'SKU_CODE_EXISTS' &&
                  typeof (blocking.details as { sku_id?: unknown } | undefined)?.sku_id === 'string' ? (
                    <>
                      {' '}
                      <Link
                        href={`/skus/${(blocking.details as { sku_id: string }).sku_id}`}
                        className="font-medium underline"
                        onClick={onCancel}
                      >
                        {t('new.open_existing')}
                      </Link>
                    </>
                  ) : null}
                </Alert>
              ) : null}
            </>
          ) : null}
        </aside>
      </div>

      <DialogFooter>
        <Button variant="secondary" type="button" onClick={onCancel} disabled={isSubmitting}>
          {common('cancel')}
        </Button>
        <Button type="submit" form="new-sku-form" loading={isSubmitting} disabled={Boolean(blocking) && !stale}>
          {blocking && !stale ? (
            <>
              <ShieldAlert aria-hidden="true" />
              {t('new.cannot_create')}
            </>
          ) : (
            t('new.create')
          )}
        </Button>
      </DialogFooter>
    </>
  );
}

function PreviewRow({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-foreground" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
