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
import { ApiError, apiFetch, describeError, signInUrl } from '@/components/api/client';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import type { Plan, SessionWorkspace, WorkspaceInfo } from '@/components/api/types';
import { formatBytes, formatDate, formatNumber } from '@/components/format';
import { PlanBadge, usePlanLabel } from '@/components/workspace/plan-badge';
import { useCan } from '@/components/team/role-context';

const NAME_MAX = 120; // PATCH /api/workspace accepts 1 to 120 characters

const planBlurb: Record<Plan, string> = {
  trial: 'For evaluating the product: a limited catalogue and one read-only API key.',
  pro: 'For teams in production: full API scopes and Bearer export.',
  enterprise: 'For large catalogues: the highest limits and every integration.',
};

function NameForm({ workspace, onSaved }: { workspace: SessionWorkspace; onSaved: (w: SessionWorkspace) => void }) {
  const router = useRouter();
  const manage = useCan('manage');
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<{ name: string }>({ defaultValues: { name: workspace.name } });

  async function onSubmit({ name }: { name: string }) {
    try {
      const body = await apiFetch<{ workspace: SessionWorkspace }>('/api/workspace', {
        method: 'PATCH',
        body: { name: name.trim() },
      });
      reset({ name: body.workspace.name });
      onSaved(body.workspace);
      toast.success('Workspace renamed');
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
          <Label htmlFor="workspace-name">Workspace name</Label>
          <Input
            id="workspace-name"
            maxLength={NAME_MAX}
            disabled={!manage.allowed}
            title={manage.reason ?? undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'workspace-name-error' : 'workspace-name-hint'}
            {...register('name', {
              validate: (v) => {
                const t = v.trim();
                if (!t) return 'Enter a name for the workspace.';
                if (t.length > NAME_MAX) return `Use at most ${NAME_MAX} characters.`;
                return true;
              },
            })}
          />
          {error ? (
            <FieldError id="workspace-name-error">{error}</FieldError>
          ) : (
            <FieldHint id="workspace-name-hint">
              {manage.allowed
                ? 'Shown to your team and in supplier emails.'
                : `${manage.reason} Ask an admin to rename the workspace.`}
            </FieldHint>
          )}
        </Field>
      </CardContent>
      <CardFooter>
        {isDirty ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => reset()} disabled={isSubmitting}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={!isDirty} loading={isSubmitting}>
          Save
        </Button>
      </CardFooter>
    </form>
  );
}

function Feature({ label, on, detail }: { label: string; on: boolean; detail: string }) {
  return (
    <div className="flex items-start gap-2.5 text-[0.8125rem]">
      {on ? (
        <Check className="mt-0.5 size-4 shrink-0 text-success" aria-label="Included" />
      ) : (
        <CircleX className="mt-0.5 size-4 shrink-0 text-subtle-foreground" aria-label="Not included" />
      )}
      <div>
        <div className="font-medium text-foreground">{label}</div>
        <div className="text-muted-foreground">{detail}</div>
      </div>
    </div>
  );
}

function LoadingCards() {
  return (
    <div className="grid gap-6" aria-busy="true" aria-label="Loading settings">
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
  const { data, error, loading, reload, setData } = useApiQuery<WorkspaceInfo>('/api/workspace');

  if (!data && loading) return <LoadingCards />;
  if (!data) {
    return (
      <Alert variant="danger" title="Could not load the workspace settings">
        <p>{error?.message}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void reload()}>
          <RefreshCw aria-hidden="true" /> Try again
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
            <CardTitle>Workspace</CardTitle>
            <CardDescription>Created {formatDate(workspace.created_at)}.</CardDescription>
          </div>
          <div className="flex items-center gap-2 text-xs text-muted-foreground">
            <span>ID</span>
            <code className="rounded bg-surface-muted px-1.5 py-0.5 font-mono text-[0.75rem] text-foreground">
              {workspace.id}
            </code>
            <CopyButton value={workspace.id} size="icon-sm" variant="ghost" aria-label="Copy workspace ID" />
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
              Plan <PlanBadge plan={workspace.plan} />
            </CardTitle>
            <CardDescription>{planBlurb[workspace.plan]}</CardDescription>
          </div>
        </CardHeader>
        <CardContent className="grid gap-6 md:grid-cols-2">
          <div className="grid content-start gap-5">
            <Meter label="SKUs" value={usage.skus} max={limits.sku_limit} format={formatNumber} />
            <Meter
              label="Document storage"
              value={usage.storage_bytes}
              max={limits.storage_bytes}
              format={formatBytes}
            />
            <Meter label="API keys" value={usage.api_keys} max={limits.max_api_keys} format={formatNumber} />
          </div>
          <div className="grid content-start gap-4 rounded-lg border border-border bg-surface-muted/50 p-4">
            <Feature
              label="API key scopes"
              on={!limits.read_only_keys}
              detail={
                limits.read_only_keys
                  ? `Read-only keys (${readScopes} of ${data.scopes.length} scopes).`
                  : `All ${data.scopes.length} scopes, including writes.`
              }
            />
            <Feature
              label="Bearer export"
              on={limits.bearer_export}
              detail={
                limits.bearer_export
                  ? 'API keys with the export scope can download SKU exports.'
                  : 'Exports are available in the browser only.'
              }
            />
          </div>
        </CardContent>
        <CardFooter className="justify-between">
          <p className="text-xs text-muted-foreground">
            {workspace.plan === 'enterprise'
              ? 'You are on the highest plan.'
              : `Need more than the ${planLabel(workspace.plan)} plan allows? Contact support to change your plan.`}
          </p>
          <Button asChild variant="secondary" size="sm">
            <Link href="/settings/api-keys">Manage API keys</Link>
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
