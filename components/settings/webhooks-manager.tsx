'use client';

import * as React from 'react';
import Link from 'next/link';
import { BookOpen, Plus, Send, Trash2 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CardListState } from '@/components/ui/card-list-state';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { CopyButton } from '@/components/ui/copy-button';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/toaster';
import { describeError } from '@/components/api/client';
import { keyOfPath } from '@/components/api/queries/keys';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { RoleGate } from '@/components/team/role-gate';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { WEBHOOK_EVENT_TYPES } from '@/lib/events/catalogue';
import { webhookMessages } from '@/lib/i18n/ui/webhooks';
import type { z } from 'zod';
import type { WebhookDelivery, WebhookEndpoint } from '@/lib/webhooks/schemas';

type Endpoint = z.infer<typeof WebhookEndpoint>;
type Delivery = z.infer<typeof WebhookDelivery>;

const LIST = '/api/workspace/webhooks';
const MANAGE = { operationId: 'createWebhookEndpoint', method: 'POST', path: LIST } as const;

/** The body as sent, indented for reading (it is always JSON; shown as stored if not). */
function prettyJson(body: string) {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function Deliveries({ endpoint }: { endpoint: Endpoint }) {
  const t = useT(webhookMessages);
  const f = useFormat();
  const path = `${LIST}/${endpoint.id}/deliveries`;
  const log = useApiQuery<{ data: Delivery[] }>(path);
  const resend = useApiMutation<{ data: Delivery }, string>({
    request: (id) => ({ path: `${LIST}/deliveries/${id}/resend` }),
    invalidates: [keyOfPath(path), keyOfPath(LIST)],
    onSuccess: (d) => {
      toast.success(t('deliveries.resent', { status: t(`delivery.${d.data.status}`) }));
    },
  });
  if (log.loading) return <Skeleton className="h-16" />;
  const rows = log.data?.data ?? [];
  if (!rows.length) return <p className="px-4 py-3 text-sm text-muted-foreground">{t('deliveries.empty')}</p>;
  return (
    <Table aria-label={t('deliveries.title')}>
      <TableHeader>
        <TableRow>
          <TableHead>{t('deliveries.event')}</TableHead>
          <TableHead>{t('deliveries.status')}</TableHead>
          <TableHead>{t('deliveries.attempts')}</TableHead>
          <TableHead>{t('deliveries.answer')}</TableHead>
          <TableHead>{t('deliveries.when')}</TableHead>
          <TableHead />
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((d) => (
          <TableRow key={d.id} data-testid="webhook-delivery">
            <TableCell className="font-mono text-xs">
              <details>
                <summary className="cursor-pointer" title={t('deliveries.sent_body')}>
                  {d.event_type}
                </summary>
                <pre
                  aria-label={t('deliveries.sent_body')}
                  className="mt-1 max-h-48 max-w-md overflow-auto rounded bg-surface-muted p-2 whitespace-pre-wrap"
                >
                  {prettyJson(d.request_body)}
                </pre>
              </details>
            </TableCell>
            <TableCell>
              <Badge variant={d.status === 'succeeded' ? 'success' : d.status === 'failed' ? 'danger' : 'neutral'}>
                {t(`delivery.${d.status}`)}
              </Badge>
            </TableCell>
            <TableCell>{f.number(d.attempts)}</TableCell>
            <TableCell
              className="max-w-xs truncate text-xs text-muted-foreground"
              title={d.response_body ?? d.error ?? ''}
            >
              {d.response_status ?? ''} {d.error ?? d.response_body ?? ''}
            </TableCell>
            <TableCell>
              <time dateTime={d.created_at}>{f.dateTime(d.created_at)}</time>
            </TableCell>
            <TableCell>
              <RoleGate need={MANAGE}>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={resend.pending || !endpoint.enabled}
                  onClick={() => resend.run(d.id).catch((e) => toast.error(describeError(e).title))}
                >
                  <Send aria-hidden="true" /> {t('deliveries.resend')}
                </Button>
              </RoleGate>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function CreateForm({ onCreated }: { onCreated: (e: Endpoint & { secret: string }) => void }) {
  const t = useT(webhookMessages);
  const [url, setUrl] = React.useState('');
  const [description, setDescription] = React.useState('');
  const [events, setEvents] = React.useState<string[]>(['sku.approved', 'sku.published']);
  const create = useApiMutation<{ data: Endpoint & { secret: string } }, void>({
    request: () => ({ path: LIST, body: { url, events, description: description || null } }),
    idempotent: true,
    invalidates: [keyOfPath(LIST)],
    onSuccess: (d) => {
      setUrl('');
      setDescription('');
      onCreated(d.data);
    },
  });
  const error = create.error ? describeError(create.error) : null;
  return (
    <form
      className="grid gap-4 px-6 pb-6"
      onSubmit={(e) => {
        e.preventDefault();
        create.run().catch(() => undefined);
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor="webhook-url">{t('form.url')}</Label>
        <Input
          id="webhook-url"
          type="url"
          required
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          aria-describedby="webhook-url-hint"
        />
        <p id="webhook-url-hint" className="text-xs text-muted-foreground">
          {t('form.url_hint')}
        </p>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="webhook-description">{t('form.description')}</Label>
        <Input
          id="webhook-description"
          value={description}
          maxLength={200}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t('form.events')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <Checkbox
                checked={events.includes(type)}
                onCheckedChange={(on) => setEvents((prev) => (on ? [...prev, type] : prev.filter((x) => x !== type)))}
              />
              <code className="font-mono text-xs">{type}</code>
            </label>
          ))}
        </div>
        {events.length === 0 ? <p className="text-xs text-danger-soft-foreground">{t('form.need_event')}</p> : null}
      </fieldset>
      {error ? (
        <Alert variant="danger" title={error.title}>
          {error.description}
        </Alert>
      ) : null}
      <div>
        <Button type="submit" disabled={create.pending || !url || events.length === 0} data-testid="create-webhook">
          <Plus aria-hidden="true" /> {t('form.submit')}
        </Button>
      </div>
    </form>
  );
}

/** Settings → Webhooks: register endpoints (secret shown once), enable/disable, delivery log, re-send. */
export function WebhooksManager() {
  const t = useT(webhookMessages);
  const list = useApiQuery<{ data: Endpoint[] }>(LIST);
  const [secret, setSecret] = React.useState<{ url: string; secret: string } | null>(null);
  const [open, setOpen] = React.useState<string | null>(null);
  const update = useApiMutation<{ data: Endpoint }, { id: string; enabled: boolean }>({
    request: ({ id, enabled }) => ({ path: `${LIST}/${id}`, method: 'PATCH', body: { enabled } }),
    invalidates: [keyOfPath(LIST)],
    onSuccess: () => {
      toast.success(t('updated'));
    },
  });
  const remove = useApiMutation<unknown, string>({
    request: (id) => ({ path: `${LIST}/${id}`, method: 'DELETE' }),
    invalidates: [keyOfPath(LIST)],
    onSuccess: () => {
      toast.success(t('deleted'));
    },
  });
  const endpoints = list.data?.data ?? [];

  return (
    <div className="grid gap-4">
      {secret ? (
        <Alert variant="warning" title={t('secret.title')}>
          <p>{t('secret.body', { url: secret.url })}</p>
          <code
            className="mt-2 block rounded bg-surface-muted px-2 py-1 font-mono text-xs break-all"
            data-testid="webhook-secret"
          >
            {secret.secret}
          </code>
          <div className="mt-2 flex gap-2">
            <CopyButton value={secret.secret} label={t('secret.copy')} copiedLabel={t('secret.copied')} />
            <Button size="sm" variant="ghost" onClick={() => setSecret(null)}>
              {t('secret.done')}
            </Button>
          </div>
        </Alert>
      ) : null}

      <Card>
        <CardHeader>
          <div>
            <CardTitle>{t('title')}</CardTitle>
            <CardDescription>{t('description')}</CardDescription>
          </div>
          <Button asChild variant="ghost" size="md">
            <Link href="/docs/webhooks">
              <BookOpen aria-hidden="true" /> {t('docs')}
            </Link>
          </Button>
        </CardHeader>
        <CardListState query={list} count={endpoints.length} empty={<EmptyState title={t('list.empty')} />}>
          <Table aria-label={t('title')}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('list.url')}</TableHead>
                <TableHead>{t('list.events')}</TableHead>
                <TableHead>{t('list.status')}</TableHead>
                <TableHead>{t('list.actions')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {endpoints.map((e) => (
                <React.Fragment key={e.id}>
                  <TableRow data-testid="webhook-endpoint">
                    <TableCell className="max-w-xs">
                      <span className="block truncate font-mono text-xs" title={e.url}>
                        {e.url}
                      </span>
                      {e.description ? <span className="text-xs text-muted-foreground">{e.description}</span> : null}
                    </TableCell>
                    <TableCell className="text-xs">{e.events.join(', ')}</TableCell>
                    <TableCell>
                      <Badge variant={e.enabled ? 'success' : 'danger'}>
                        {e.enabled ? t('status.enabled') : t('status.disabled')}
                      </Badge>
                      {e.consecutive_failures ? (
                        <p className="mt-1 text-xs text-muted-foreground">
                          {t('status.failures', { count: e.consecutive_failures })}
                        </p>
                      ) : null}
                      {e.disabled_reason ? (
                        <p className="mt-1 text-xs text-danger-soft-foreground">{e.disabled_reason}</p>
                      ) : null}
                    </TableCell>
                    <TableCell>
                      <div className="flex flex-wrap gap-1">
                        <Button size="sm" variant="ghost" onClick={() => setOpen(open === e.id ? null : e.id)}>
                          {open === e.id ? t('action.hide_deliveries') : t('action.deliveries')}
                        </Button>
                        <RoleGate need={MANAGE}>
                          <Button
                            size="sm"
                            variant="ghost"
                            disabled={update.pending}
                            onClick={() =>
                              update
                                .run({ id: e.id, enabled: !e.enabled })
                                .catch((err) => toast.error(describeError(err).title))
                            }
                          >
                            {e.enabled ? t('action.disable') : t('action.enable')}
                          </Button>
                        </RoleGate>
                        <RoleGate need={MANAGE}>
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-label={t('action.delete')}
                            disabled={remove.pending}
                            onClick={() => {
                              if (window.confirm(t('delete.confirm', { url: e.url })))
                                remove.run(e.id).catch((err) => toast.error(describeError(err).title));
                            }}
                          >
                            <Trash2 aria-hidden="true" />
                          </Button>
                        </RoleGate>
                      </div>
                    </TableCell>
                  </TableRow>
                  {open === e.id ? (
                    <TableRow>
                      <TableCell colSpan={4} className="bg-surface-muted/40 p-0">
                        <Deliveries endpoint={e} />
                      </TableCell>
                    </TableRow>
                  ) : null}
                </React.Fragment>
              ))}
            </TableBody>
          </Table>
        </CardListState>
      </Card>

      <RoleGate need={MANAGE} showReason>
        <Card>
          <CardHeader>
            <CardTitle>{t('form.title')}</CardTitle>
          </CardHeader>
          <CreateForm
            onCreated={(e) => {
              toast.success(t('created'));
              setSecret({ url: e.url, secret: e.secret });
            }}
          />
        </Card>
      </RoleGate>
    </div>
  );
}
