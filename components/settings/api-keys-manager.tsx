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
import { ApiError, apiFetch, describeError, signInUrl } from '@/components/api/client';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import type { ApiKey, ApiKeyWithSecret, WorkspaceInfo } from '@/components/api/types';
import { formatDate, formatDateTime, formatRelative } from '@/components/format';
import { usePlanLabel } from '@/components/workspace/plan-badge';
import { useCan } from '@/components/team/role-context';
import { RoleGate } from '@/components/team/role-gate';

const MANAGE_KEYS = { operationId: 'createApiKey', method: 'POST', path: '/api/workspace/api-keys' } as const;
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { RevealKeyDialog } from './reveal-key-dialog';

const SOON_MS = 7 * 86_400_000;

function withoutSecret(k: ApiKeyWithSecret): ApiKey {
  const { key: _key, ...rest } = k;
  return rest;
}

function ExpiryCell({ value, now }: { value: string | null | undefined; now: number }) {
  if (!value) return <span className="text-muted-foreground">Never</span>;
  const t = Date.parse(value);
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <time dateTime={value} title={formatDateTime(value)}>
        {formatDate(value)}
      </time>
      {t <= now ? (
        <Badge variant="danger">Expired</Badge>
      ) : t - now < SOON_MS ? (
        <Badge variant="warning">Soon</Badge>
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
  const [busy, setBusy] = React.useState(false);
  const shown = action;

  async function confirm() {
    if (!action) return;
    setBusy(true);
    try {
      if (action.kind === 'revoke') {
        await apiFetch(`/api/workspace/api-keys/${encodeURIComponent(action.key.id)}`, { method: 'DELETE' });
        onDone(action);
      } else {
        const body = await apiFetch<{ data: ApiKeyWithSecret }>(
          `/api/workspace/api-keys/${encodeURIComponent(action.key.id)}`,
          { method: 'POST' },
        );
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
            {revoke ? 'Revoke' : 'Rotate'} “{shown?.key.name}”?
          </AlertDialogTitle>
          <AlertDialogDescription>
            {revoke
              ? 'Systems using this key will be refused (401) from now on. This cannot be undone.'
              : 'The current secret stops working immediately. A new key with the same name and scopes is created and shown once.'}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant={revoke ? 'danger' : 'primary'}
            onClick={confirm}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy ? (revoke ? 'Revoking…' : 'Rotating…') : revoke ? 'Revoke key' : 'Rotate key'}
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
  const keys = useApiQuery<{ data: ApiKey[] }>('/api/workspace/api-keys');
  const info = useApiQuery<WorkspaceInfo>('/api/workspace');
  const manage = useCan(MANAGE_KEYS);
  const [createOpen, setCreateOpen] = React.useState(false);
  const [revealed, setRevealed] = React.useState<{ key: ApiKeyWithSecret; reason: 'created' | 'rotated' } | null>(null);
  const [pending, setPending] = React.useState<PendingAction>(null);
  const [now, setNow] = React.useState(() => Date.now());

  React.useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(t);
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
      toast.success(`Key “${a.key.name}” revoked`);
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
        <Plus aria-hidden="true" /> Create key
      </Button>
    </RoleGate>
  );

  const loadError = keys.error ?? info.error;

  return (
    <div className="grid gap-4">
      {plan === 'trial' ? (
        <Alert variant="info" title="Trial workspaces hold one read-only key">
          Use it to evaluate the API with read scopes. The Pro plan adds write scopes, more keys and Bearer export.
        </Alert>
      ) : null}

      <Card>
        <CardHeader>
          <div>
            <CardTitle>API keys</CardTitle>
            <CardDescription>
              Send a key as{' '}
              <code className="rounded bg-surface-muted px-1 py-0.5 font-mono text-xs">
                Authorization: Bearer &lt;key&gt;
              </code>
              . Only its prefix is kept visible; the secret is shown once.
            </CardDescription>
            {atLimit && plan ? (
              <p
                id="api-key-limit"
                className="mt-1.5 text-xs font-medium text-warning-soft-foreground"
                data-testid="api-key-limit"
              >
                {list?.length} of {maxKeys} key{maxKeys === 1 ? '' : 's'} used on the {planLabel(plan)} plan. Revoke a
                key to create another.
              </p>
            ) : null}
          </div>
          <div className="flex items-center gap-2">
            <Button asChild variant="ghost" size="md">
              <Link href="/docs/api">
                <BookOpen aria-hidden="true" /> API reference
              </Link>
            </Button>
            {createButton}
          </div>
        </CardHeader>

        {!manage.allowed ? (
          <div className="p-5">
            <Alert variant="info" title="API keys are managed by admins">
              <p>{manage.reason}</p>
            </Alert>
          </div>
        ) : loadError && !list ? (
          <div className="p-5">
            <Alert variant="danger" title="Could not load API keys">
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
                <RefreshCw aria-hidden="true" /> Try again
              </Button>
            </Alert>
          </div>
        ) : list && list.length === 0 ? (
          <EmptyState
            compact
            icon={KeyRound}
            title="No API keys yet"
            description="Create a key to let your PIM, shop system or an AI agent read this workspace's SKUs and exports."
            actions={
              canCreate ? (
                <Button variant="secondary" onClick={() => setCreateOpen(true)}>
                  <Plus aria-hidden="true" /> Create your first key
                </Button>
              ) : undefined
            }
            data-testid="api-keys-empty"
          />
        ) : (
          <Table aria-label="API keys" aria-busy={!list || undefined}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Name</TableHead>
                <TableHead>Scopes</TableHead>
                <TableHead>Created</TableHead>
                <TableHead>Last used</TableHead>
                <TableHead>Expires</TableHead>
                <TableHead className="w-12">
                  <span className="sr-only">Actions</span>
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
                      <time dateTime={k.created_at} title={formatDateTime(k.created_at)}>
                        {formatDate(k.created_at)}
                      </time>
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      {k.last_used_at ? (
                        <time dateTime={k.last_used_at} title={formatDateTime(k.last_used_at)}>
                          {formatRelative(k.last_used_at, now)}
                        </time>
                      ) : (
                        <span className="text-muted-foreground">Never used</span>
                      )}
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      <ExpiryCell value={k.expires_at} now={now} />
                    </TableCell>
                    <TableCell className="text-right">
                      {/* Not modal: a modal menu that opens a dialog can leave the page unclickable. */}
                      <DropdownMenu modal={false}>
                        <DropdownMenuTrigger asChild>
                          <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${k.name}`}>
                            <Ellipsis aria-hidden="true" />
                          </Button>
                        </DropdownMenuTrigger>
                        <DropdownMenuContent>
                          <DropdownMenuItem onSelect={() => setPending({ kind: 'rotate', key: k })}>
                            <RotateCw aria-hidden="true" /> Rotate…
                          </DropdownMenuItem>
                          <DropdownMenuSeparator />
                          <DropdownMenuItem variant="danger" onSelect={() => setPending({ kind: 'revoke', key: k })}>
                            <Trash2 aria-hidden="true" /> Revoke…
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
