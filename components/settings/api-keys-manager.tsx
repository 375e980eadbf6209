'use client';

import * as React from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { BookOpen, Ellipsis, KeyRound, Plus, RefreshCw, RotateCw, Trash2 } from 'lucide-react';
import { Card, CardHeader, CardTitle, CardDescription } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState } from '@/components/ui/empty-state';
import { Alert } from '@/components/ui/alert';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { toast } from '@/components/ui/toaster';
import { ApiError, describeError, signInUrl } from '@/components/api/client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import type { ApiKey, ApiKeyWithSecret, WorkspaceInfo } from '@/components/api/types';
import { usePlanLabel } from '@/components/workspace/plan-badge';
import { useCan } from '@/components/team/role-context';
import { RoleGate } from '@/components/team/role-gate';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { commonMessages } from '@/lib/i18n/ui/common';
import { settingsMessages } from '@/lib/i18n/ui/settings';

const MANAGE_KEYS = { operationId: 'createApiKey', method: 'POST', path: '/api/workspace/api-keys' } as const;
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { RevealKeyDialog } from './reveal-key-dialog';

const SOON_MS = 7 * 86_400_000;

function withoutSecret(k: ApiKeyWithSecret): ApiKey {
  const { key: _key, ...rest } = k;
  return rest;
}

function ExpiryCell({ value, now }: { value: string | null | undefined; now: number }) {
  const t = useT(settingsMessages);
  const f = useFormat();
  if (!value) return <span className="text-muted-foreground">{t('keys.never')}</span>;
  const at = Date.parse(value);
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <time dateTime={value} title={f.dateTime(value)}>
        {f.date(value)}
      </time>
      {at <= now ? (
        <Badge variant="danger">{t('keys.expired')}</Badge>
      ) : at - now < SOON_MS ? (
        <Badge variant="warning">{t('keys.soon')}</Badge>
      ) : null}
    </span>
  );
}

type PendingAction = { kind: 'revoke' | 'rotate'; key: ApiKey } | null;

function ConfirmKeyAction({
  action,
  onCancel,
  onDone,
}: {
  action: PendingAction;
  onCancel: () => void;
  onDone: (a: NonNullable<PendingAction>, rotated?: ApiKeyWithSecret) => void;
}) {
  const router = useRouter();
  const t = useT(settingsMessages);
  const tc = useT(commonMessages);
  const [busy, setBusy] = React.useState(false);
  const revokeKey = useApiMutation<unknown, ApiKey>({
    request: (key) => ({ path: `/api/workspace/api-keys/${encodeURIComponent(key.id)}`, method: 'DELETE' }),
  });
  const rotateKey = useApiMutation<{ data: ApiKeyWithSecret }, ApiKey>({
    request: (key) => ({ path: `/api/workspace/api-keys/${encodeURIComponent(key.id)}` }),
  });
  const shown = action;
  const name = shown?.key.name ?? '';

  async function confirm() {
    if (!action) return;
    setBusy(true);
    try {
      if (action.kind === 'revoke') {
        await revokeKey.run(action.key);
        onDone(action);
      } else {
        const body = await rotateKey.run(action.key);
        onDone(action, body.data);
      }
    } catch (e) {
      if (e instanceof ApiError && e.isAuthLoss) {
        router.replace(signInUrl());
        return;
      }
      const { title, description } = describeError(e);
      toast.error(title, { description });
    } finally {
      setBusy(false);
    }
  }

  const revoke = shown?.kind === 'revoke';
  return (
    <AlertDialog open={action !== null} onOpenChange={(o) => !o && !busy && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            {revoke ? t('confirm.revoke_title', { name }) : t('confirm.rotate_title', { name })}
          </AlertDialogTitle>
          <AlertDialogDescription>
            {revoke ? t('confirm.revoke_body') : t('confirm.rotate_body')}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{tc('cancel')}</AlertDialogCancel>
          <AlertDialogAction
            variant={revoke ? 'danger' : 'primary'}
            onClick={confirm}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy
              ? revoke
                ? t('confirm.revoking')
                : t('confirm.rotating')
              : revoke
                ? t('confirm.revoke')
                : t('confirm.rotate')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function KeyRowSkeleton() {
  return (
    <TableRow>
      <TableCell>
        <Skeleton className="h-4 w-32" />
        <Skeleton className="mt-1.5 h-3 w-24" />
      </TableCell>
      <TableCell>
        <Skeleton className="h-4 w-20" />
      </TableCell>
      <TableCell>
        <Skeleton className="h-4 w-20" />
      </TableCell>
      <TableCell>
        <Skeleton className="h-4 w-16" />
      </TableCell>
      <TableCell>
        <Skeleton className="h-4 w-16" />
      </TableCell>
      <TableCell />
    </TableRow>
  );
}

export function ApiKeysManager() {
  const planLabel = usePlanLabel();
  const t = useT(settingsMessages);
  const tc = useT(commonMessages);
  const f = useFormat();
  const keys = useApiQuery<{ data: ApiKey[] }>('/api/workspace/api-keys');
  const info = useApiQuery<WorkspaceInfo>('/api/workspace');
  const manage = useCan(MANAGE_KEYS);
  const [createOpen, setCreateOpen] = React.useState(false);
  const [revealed, setRevealed] = React.useState<{ key: ApiKeyWithSecret; reason: 'created' | 'rotated' } | null>(null);
  const [pending, setPending] = React.useState<PendingAction>(null);
  const [now, setNow] = React.useState(() => Date.now());

  React.useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const list = keys.data?.data;
  const plan = info.data?.workspace.plan;
  const maxKeys = info.data?.plan_limits.max_api_keys ?? null;
  const atLimit = list !== undefined && maxKeys !== null && list.length >= maxKeys;
  const canCreate = Boolean(info.data) && !atLimit;

  function handleCreated(k: ApiKeyWithSecret) {
    setCreateOpen(false);
    keys.setData((d) => ({ data: [withoutSecret(k), ...(d?.data ?? [])] }));
    setRevealed({ key: k, reason: 'created' });
  }

  function handleDone(a: NonNullable<PendingAction>, rotated?: ApiKeyWithSecret) {
    setPending(null);
    if (a.kind === 'revoke') {
      keys.setData((d) => ({ data: (d?.data ?? []).filter((k) => k.id !== a.key.id) }));
      toast.success(t('keys.revoked', { name: a.key.name }));
    } else if (rotated) {
      keys.setData((d) => ({ data: (d?.data ?? []).map((k) => (k.id === a.key.id ? withoutSecret(rotated) : k)) }));
      setRevealed({ key: rotated, reason: 'rotated' });
    }
  }

  const createButton = (
    <RoleGate need={MANAGE_KEYS} showReason>
      <Button
        onClick={() => setCreateOpen(true)}
        disabled={!canCreate}
        aria-describedby={atLimit ? 'api-key-limit' : undefined}
        data-testid="create-api-key"
      >
        <Plus aria-hidden="true" /> {t('keys.create')}
      </Button>
    </RoleGate>
  );

  const loadError = keys.error ?? info.error;

  return (
    <div className="grid gap-4">
      {plan === 'trial' ? (
        <Alert variant="info" title={t('keys.trial_title')}>
          {t('keys.trial_body')}
        </Alert>
      ) : null}

      <Card>
        <CardHeader>
          <div>
            <CardTitle>{t('keys.title')}</CardTitle>
            <CardDescription>
              {t('keys.send_as')}{' '}
              <code className="rounded bg-surface-muted px-1 py-0.5 font-mono text-xs">
                {'Authorization: Bearer <key>'}
              </code>
              . {t('keys.prefix_note')}
            </CardDescription>
            {atLimit && plan ? (
              <p
                id="api-key-limit"
                className="mt-1.5 text-xs font-medium text-warning-soft-foreground"
                data-testid="api-key-limit"
              >
                {t('keys.limit', { used: list?.length ?? 0, count: maxKeys ?? 0, plan: planLabel(plan) })}
              </p>
            ) : null}
          </div>
          <div className="flex items-center gap-2">
            <Button asChild variant="ghost" size="md">
              <Link href="/docs/api">
                <BookOpen aria-hidden="true" /> {t('keys.api_reference')}
              </Link>
            </Button>
            {createButton}
          </div>
        </CardHeader>

        {!manage.allowed ? (
          <div className="p-5">
            <Alert variant="info" title={t('keys.managed_by_admins')}>
              <p>{manage.reason}</p>
            </Alert>
          </div>
        ) : loadError && !list ? (
          <div className="p-5">
            <Alert variant="danger" title={t('keys.load_failed')}>
              <p>{loadError.message}</p>
              <Button
                variant="secondary"
                size="sm"
                className="mt-2"
                onClick={() => {
                  void keys.reload();
                  void info.reload();
                }}
              >
                <RefreshCw aria-hidden="true" /> {tc('retry')}
              </Button>
            </Alert>
          </div>
        ) : list && list.length === 0 ? (
          <EmptyState
            compact
            icon={KeyRound}
            title={t('keys.empty_title')}
            description={t('keys.empty_body')}
            actions={
              canCreate ? (
                <Button variant="secondary" onClick={() => setCreateOpen(true)}>
                  <Plus aria-hidden="true" /> {t('keys.create_first')}
                </Button>
              ) : undefined
            }
            data-testid="api-keys-empty"
          />
        ) : (
          <Table aria-label={t('keys.title')} aria-busy={!list || undefined}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>{t('keys.col_name')}</TableHead>
                <TableHead>{t('keys.col_scopes')}</TableHead>
                <TableHead>{t('keys.col_created')}</TableHead>
                <TableHead>{t('keys.col_last_used')}</TableHead>
                <TableHead>{t('keys.col_expires')}</TableHead>
                <TableHead className="w-12">
                  <span className="sr-only">{t('keys.col_actions')}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {!list ? (
                <>
                  <KeyRowSkeleton />
                  <KeyRowSkeleton />
                </>
              ) : (
                list.map((k) => (
                  <TableRow key={k.id} data-testid="api-key-row">
                    <TableCell>
                      <div className="font-medium text-foreground">{k.name}</div>
                      <code
                        className="mt-0.5 block font-mono text-xs text-muted-foreground"
                        data-testid="api-key-prefix"
                      >
                        {k.key_prefix}…
                      </code>
                    </TableCell>
                    <TableCell>
                      <div className="flex max-w-xs flex-wrap gap-1">
                        {k.scopes.map((s) => (
                          <Badge key={s} variant="outline" className="font-mono">
                            {s}
                          </Badge>
                        ))}
                      </div>
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      <time dateTime={k.created_at} title={f.dateTime(k.created_at)}>
                        {f.date(k.created_at)}
                      </time>
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      {k.last_used_at ? (
                        <time dateTime={k.last_used_at} title={f.dateTime(k.last_used_at)}>
                          {f.relative(k.last_used_at, now)}
                        </time>
                      ) : (
                        <span className="text-muted-foreground">{t('keys.never_used')}</span>
                      )}
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      <ExpiryCell value={k.expires_at} now={now} />
                    </TableCell>
                    <TableCell className="text-right">
                      {/* Not modal: a modal menu that opens a dialog can leave the page unclickable. */}
                      <DropdownMenu modal={false}>
                        <DropdownMenuTrigger asChild>
                          <Button variant="ghost" size="icon-sm" aria-label={t('keys.actions_for', { name: k.name })}>
                            <Ellipsis aria-hidden="true" />
                          </Button>
                        </DropdownMenuTrigger>
                        <DropdownMenuContent>
                          <DropdownMenuItem onSelect={() => setPending({ kind: 'rotate', key: k })}>
                            <RotateCw aria-hidden="true" /> {t('keys.rotate_menu')}
                          </DropdownMenuItem>
                          <DropdownMenuSeparator />
                          <DropdownMenuItem variant="danger" onSelect={() => setPending({ kind: 'revoke', key: k })}>
                            <Trash2 aria-hidden="true" /> {t('keys.revoke_menu')}
                          </DropdownMenuItem>
                        </DropdownMenuContent>
                      </DropdownMenu>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        )}
      </Card>

      {info.data ? (
        <CreateApiKeyDialog
          open={createOpen}
          onOpenChange={setCreateOpen}
          scopes={info.data.scopes}
          plan={info.data.workspace.plan}
          onCreated={handleCreated}
        />
      ) : null}
      <RevealKeyDialog
        apiKey={revealed?.key ?? null}
        reason={revealed?.reason ?? 'created'}
        onClose={() => setRevealed(null)}
      />
      <ConfirmKeyAction action={pending} onCancel={() => setPending(null)} onDone={handleDone} />
    </div>
  );
}
