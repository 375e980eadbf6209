'use client';

import * as React from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { Check, CircleX, RefreshCw } from 'lucide-react';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Field, FieldError, FieldHint } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { Meter } from '@/components/ui/meter';
import { CopyButton } from '@/components/ui/copy-button';
import { Alert } from '@/components/ui/alert';
import { toast } from '@/components/ui/toaster';
import { ApiError, describeError, signInUrl } from '@/components/api/client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import type { Plan, SessionWorkspace, WorkspaceInfo } from '@/components/api/types';
import { PlanBadge, usePlanLabel } from '@/components/workspace/plan-badge';
import { useCan } from '@/components/team/role-context';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { commonMessages } from '@/lib/i18n/ui/common';
import { settingsMessages } from '@/lib/i18n/ui/settings';

const NAME_MAX = 120; // PATCH /api/workspace accepts 1 to 120 characters

const planBlurb: Record<Plan, `plan.blurb.${Plan}`> = {
  trial: 'plan.blurb.trial',
  pro: 'plan.blurb.pro',
  enterprise: 'plan.blurb.enterprise',
};

function NameForm({ workspace, onSaved }: { workspace: SessionWorkspace; onSaved: (w: SessionWorkspace) => void }) {
  const router = useRouter();
  const manage = useCan('manage');
  const t = useT(settingsMessages);
  const tc = useT(commonMessages);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<{ name: string }>({ defaultValues: { name: workspace.name } });
  // react-hook-form says it is busy (isSubmitting) and shows a refusal of the name under the field.
  const rename = useApiMutation<{ workspace: SessionWorkspace }, string>({
    request: (name) => ({ path: '/api/workspace', method: 'PATCH', body: { name } }),
  });

  async function onSubmit({ name }: { name: string }) {
    try {
      const body = await rename.run(name.trim());
      reset({ name: body.workspace.name });
      onSaved(body.workspace);
      toast.success(t('workspace.renamed'));
      router.refresh(); // the sidebar shows the name too
    } catch (e) {
      if (e instanceof ApiError && e.isAuthLoss) {
        router.replace(signInUrl());
        return;
      }
      const field = e instanceof ApiError ? e.fields.find((f) => f.path === 'name') : undefined;
      if (field) {
        setError('name', { type: 'server', message: field.message });
        return;
      }
      const { title, description } = describeError(e);
      toast.error(title, { description });
    }
  }

  const error = errors.name?.message;
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <CardContent>
        <Field className="max-w-md">
          <Label htmlFor="workspace-name">{t('workspace.name')}</Label>
          <Input
            id="workspace-name"
            maxLength={NAME_MAX}
            disabled={!manage.allowed}
            title={manage.reason ?? undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'workspace-name-error' : 'workspace-name-hint'}
            {...register('name', {
              validate: (v) => {
                const name = v.trim();
                if (!name) return t('workspace.name_required');
                if (name.length > NAME_MAX) return t('workspace.name_too_long', { max: NAME_MAX });
                return true;
              },
            })}
          />
          {error ? (
            <FieldError id="workspace-name-error">{error}</FieldError>
          ) : (
            <FieldHint id="workspace-name-hint">
              {manage.allowed
                ? t('workspace.name_hint')
                : t('workspace.name_ask_admin', { reason: manage.reason ?? '' })}
            </FieldHint>
          )}
        </Field>
      </CardContent>
      <CardFooter>
        {isDirty ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => reset()} disabled={isSubmitting}>
            {tc('cancel')}
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={!isDirty} loading={isSubmitting}>
          {tc('save')}
        </Button>
      </CardFooter>
    </form>
  );
}

function Feature({ label, on, detail }: { label: string; on: boolean; detail: string }) {
  const t = useT(settingsMessages);
  return (
    <div className="flex items-start gap-2.5 text-[0.8125rem]">
      {on ? (
        <Check className="mt-0.5 size-4 shrink-0 text-success" aria-label={t('feature.included')} />
      ) : (
        <CircleX className="mt-0.5 size-4 shrink-0 text-subtle-foreground" aria-label={t('feature.not_included')} />
      )}
      <div>
        <div className="font-medium text-foreground">{label}</div>
        <div className="text-muted-foreground">{detail}</div>
      </div>
    </div>
  );
}

function LoadingCards() {
  const t = useT(settingsMessages);
  return (
    <div className="grid gap-6" aria-busy="true" aria-label={t('workspace.loading')}>
      {[0, 1].map((i) => (
        <Card key={i}>
          <CardHeader>
            <div className="grid gap-2">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-3 w-64" />
            </div>
          </CardHeader>
          <CardContent className="grid gap-3">
            <Skeleton className="h-9 w-full max-w-md" />
            <Skeleton className="h-3 w-48" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

export function WorkspaceSettings() {
  const planLabel = usePlanLabel();
  const t = useT(settingsMessages);
  const tc = useT(commonMessages);
  const f = useFormat();
  const { data, error, loading, reload, setData } = useApiQuery<WorkspaceInfo>('/api/workspace');

  if (!data && loading) return <LoadingCards />;
  if (!data) {
    return (
      <Alert variant="danger" title={t('workspace.load_failed')}>
        <p>{error?.message}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void reload()}>
          <RefreshCw aria-hidden="true" /> {tc('retry')}
        </Button>
      </Alert>
    );
  }

  const { workspace, plan_limits: limits, usage } = data;
  const readScopes = data.scopes.filter((s) => s.allowed_on_plan).length;

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <div>
            <CardTitle>{t('workspace.title')}</CardTitle>
            <CardDescription>{t('workspace.created', { date: f.date(workspace.created_at) })}</CardDescription>
          </div>
          <div className="flex items-center gap-2 text-xs text-muted-foreground">
            <span>ID</span>
            <code className="rounded bg-surface-muted px-1.5 py-0.5 font-mono text-[0.75rem] text-foreground">
              {workspace.id}
            </code>
            <CopyButton value={workspace.id} size="icon-sm" variant="ghost" aria-label={t('workspace.copy_id')} />
          </div>
        </CardHeader>
        <NameForm
          key={workspace.id}
          workspace={workspace}
          onSaved={(w) => setData((d) => (d ? { ...d, workspace: { ...d.workspace, name: w.name } } : d))}
        />
      </Card>

      <Card>
        <CardHeader>
          <div>
            <CardTitle className="flex items-center gap-2">
              {t('plan.title')} <PlanBadge plan={workspace.plan} />
            </CardTitle>
            <CardDescription>{planBlurb[workspace.plan] ? t(planBlurb[workspace.plan]) : null}</CardDescription>
          </div>
        </CardHeader>
        <CardContent className="grid gap-6 md:grid-cols-2">
          <div className="grid content-start gap-5">
            <Meter label={t('usage.skus')} value={usage.skus} max={limits.sku_limit} format={f.number} />
            <Meter label={t('usage.storage')} value={usage.storage_bytes} max={limits.storage_bytes} format={f.bytes} />
            <Meter label={t('usage.api_keys')} value={usage.api_keys} max={limits.max_api_keys} format={f.number} />
          </div>
          <div className="grid content-start gap-4 rounded-lg border border-border bg-surface-muted/50 p-4">
            <Feature
              label={t('feature.scopes')}
              on={!limits.read_only_keys}
              detail={
                limits.read_only_keys
                  ? t('feature.scopes_read_only', { allowed: readScopes, total: data.scopes.length })
                  : t('feature.scopes_all', { total: data.scopes.length })
              }
            />
            <Feature
              label={t('feature.bearer_export')}
              on={limits.bearer_export}
              detail={limits.bearer_export ? t('feature.bearer_on') : t('feature.bearer_off')}
            />
          </div>
        </CardContent>
        <CardFooter className="justify-between">
          <p className="text-xs text-muted-foreground">
            {workspace.plan === 'enterprise'
              ? t('plan.highest')
              : t('plan.need_more', { plan: planLabel(workspace.plan) })}
          </p>
          <Button asChild variant="secondary" size="sm">
            <Link href="/settings/api-keys">{t('plan.manage_keys')}</Link>
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
