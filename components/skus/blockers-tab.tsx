'use client';

import * as React from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ArrowRight,
  BadgeCheck,
  CircleCheck,
  FileText,
  MessageSquareWarning,
  PenLine,
  RotateCcw,
  ShieldOff,
  Users,
} from 'lucide-react';
import { ApiError, describeError } from '@/components/api/client';
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
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, FieldError, FieldHint } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toaster';
import { formatDateTime } from '@/components/format';
import { SkuRequests } from '@/components/outreach/sku-requests';
import { ENTITY_ROLES } from './types';
import { documentTypeLabel, humanizeCode } from './labels';
import { idempotentWrite } from '@/components/api/client';
import { useSkuPage, type SkuTarget } from './sku-context';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { SeverityBadge } from './status';
import type { Blocker, ReviewIssue, Waiver } from './types';
import { CreateReviewIssueInput, WaiveBlockerInput } from '@/lib/skus/schemas';
import { RoleGate } from '@/components/team/role-gate';

const REASON_MAX = 500;
const REASON_HINT = 'Say why it does not apply, in a sentence an auditor would accept.';

// The server's rule for the reason, and one more: an auditor needs a sentence, not a word.
const WaiveForm = WaiveBlockerInput.pick({ reason: true }).refine((v) => v.reason.length >= 10, {
  path: ['reason'],
  message: REASON_HINT,
});

// The server's request schema for a new review issue; the form asks for its message only.
const ReviewIssueForm = CreateReviewIssueInput.pick({ message: true });

/** Where the fix of a blocker lives, and what the button says. */
export function fixOf(b: Blocker): { target: SkuTarget; label: string; icon: typeof PenLine } | null {
  const fix = b.fix;
  const firstField = b.required_fields?.[0];
  if (!fix)
    return firstField ? { target: { tab: 'dossier', field: firstField }, label: 'Fill in', icon: PenLine } : null;
  switch (fix.kind) {
    case 'field':
      return { target: { tab: 'dossier', field: fix.target || firstField }, label: 'Fill in', icon: PenLine };
    case 'entity':
      return {
        target: { tab: 'entities', role: fix.target },
        label: (ENTITY_ROLES as readonly string[]).includes(fix.target) ? 'Link entity' : 'Edit entity',
        icon: Users,
      };
    case 'document':
      return { target: { tab: 'documents' }, label: 'Add document', icon: FileText };
    case 'review':
      return firstField
        ? { target: { tab: 'dossier', field: firstField }, label: 'Resolve', icon: MessageSquareWarning }
        : null;
    default:
      return null;
  }
}

/** The legal basis, linked to the rule's entry on the requirements documentation when the blocker names it. */
function LegalBasis({ blocker }: { blocker: Blocker }) {
  const url =
    typeof blocker.doc_url === 'string' && blocker.doc_url.startsWith('/docs/requirements#') ? blocker.doc_url : null;
  if (!url) return <span>{blocker.legal_basis}</span>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener"
      className="underline decoration-dotted underline-offset-2 hover:text-foreground"
      data-testid="blocker-legal-basis"
      title="Why this is required: the rule's documentation"
    >
      {blocker.legal_basis}
    </a>
  );
}

function blockerId(b: Blocker) {
  return b.key ?? b.code;
}

export function BlockersTab() {
  const { skuId, detail, bump, goTo } = useSkuPage();
  const waivers = useApiQuery<{ data: Waiver[] }>(`/api/skus/${skuId}/waivers`);
  const issues = useApiQuery<{ data: ReviewIssue[] }>(`/api/skus/${skuId}/review-issues`);
  const [waiving, setWaiving] = React.useState<Blocker | null>(null);
  const [revoking, setRevoking] = React.useState<{ blocker: Blocker; waiver: Waiver } | null>(null);
  const [busy, setBusy] = React.useState<string | null>(null);

  const open = detail.blockers
    .filter((b) => !b.waived)
    .sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'blocker' ? -1 : 1));
  const waived = detail.blockers.filter((b) => b.waived);
  const openBlockers = open.filter((b) => b.severity === 'blocker').length;
  const openWarnings = open.length - openBlockers;
  const activeWaivers = (waivers.data?.data ?? []).filter((w) => !w.revoked_at);
  const openIssues = (issues.data?.data ?? []).filter((i) => !i.resolved_at && (i.status ?? 'open') === 'open');

  async function revoke(w: Waiver) {
    setBusy(`revoke-${w.id}`);
    try {
      await idempotentWrite(`/api/skus/${skuId}/waivers/${w.id}`, { method: 'DELETE' });
      toast.success(`Waiver of ${humanizeCode(w.code)} revoked`);
      setRevoking(null);
      bump();
    } catch (e) {
      const { title, description } = describeError(e);
      toast.error(title, { description });
    } finally {
      setBusy(null);
    }
  }

  async function resolveIssue(i: ReviewIssue) {
    setBusy(`issue-${i.id}`);
    try {
      await idempotentWrite(`/api/skus/${skuId}/review-issues/${i.id}/resolve`, { method: 'POST', body: {} });
      toast.success('Review issue resolved');
      bump();
    } catch (e) {
      const { title, description } = describeError(e);
      toast.error(title, { description });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="grid gap-5" data-testid="blockers-tab">
      <Card>
        <CardHeader>
          <div>
            <CardTitle>Open</CardTitle>
            <CardDescription>
              {open.length === 0
                ? 'Nothing stands in the way of approval.'
                : `${openBlockers} blocker${openBlockers === 1 ? ' stops' : 's stop'} approval${openWarnings ? `; ${openWarnings} warning${openWarnings === 1 ? '' : 's'} to consider` : ''}. Requirements come from the profile ${detail.sku.requirement_profile_id ?? 'of the category'}.`}
            </CardDescription>
          </div>
        </CardHeader>
        {open.length === 0 ? (
          <EmptyState
            compact
            icon={CircleCheck}
            title="No open blockers"
            description="Every requirement of the profile is met or waived. Complete the review, then approve."
            data-testid="no-blockers"
          />
        ) : (
          <ul className="divide-y divide-border" data-testid="open-blockers">
            {open.map((b) => {
              const fix = fixOf(b);
              const Icon = fix?.icon;
              return (
                <li
                  key={blockerId(b)}
                  className="grid gap-3 px-5 py-3.5 sm:grid-cols-[minmax(0,1fr)_auto]"
                  data-testid="blocker"
                  data-code={b.code}
                  data-severity={b.severity}
                >
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <SeverityBadge severity={b.severity} />
                      <span className="font-mono text-[0.6875rem] text-subtle-foreground">{b.code}</span>
                    </div>
                    <p className="mt-1 text-[0.8125rem] text-foreground">{b.message}</p>
                    <div className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
                      {b.legal_basis ? <LegalBasis blocker={b} /> : null}
                      {b.required_document_types?.length ? (
                        <span>Needs: {b.required_document_types.map(documentTypeLabel).join(' or ')}</span>
                      ) : null}
                    </div>
                  </div>
                  <div className="flex items-start gap-2 sm:justify-end">
                    {fix && Icon ? (
                      <Button size="sm" variant="secondary" onClick={() => goTo(fix.target)} data-testid="blocker-fix">
                        <Icon aria-hidden="true" />
                        {fix.label}
                        <ArrowRight className="size-3.5" aria-hidden="true" />
                      </Button>
                    ) : null}
                    {b.waivable !== false ? (
                      <RoleGate need={'review'}>
                        <Button size="sm" variant="ghost" onClick={() => setWaiving(b)} data-testid="blocker-waive">
                          <ShieldOff aria-hidden="true" />
                          Waive…
                        </Button>
                      </RoleGate>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </Card>

      <SkuRequests skuId={skuId} onChange={bump} />
      {issues.data ? (
        <ReviewIssuesCard skuId={skuId} issues={openIssues} busy={busy} onResolve={resolveIssue} onAdded={bump} />
      ) : null}

      {waived.length ? (
        <Card>
          <CardHeader>
            <div>
              <CardTitle>Waived</CardTitle>
              <CardDescription>
                Requirements a person decided do not apply. The reasons appear in the export and in dossier.pdf.
              </CardDescription>
            </div>
          </CardHeader>
          <ul className="divide-y divide-border" data-testid="waived-blockers">
            {waived.map((b) => {
              const w = activeWaivers.find((x) => x.code === b.key || x.code === b.code);
              return (
                <li
                  key={blockerId(b)}
                  className="grid gap-2 px-5 py-3.5 sm:grid-cols-[minmax(0,1fr)_auto]"
                  data-testid="waived-blocker"
                  data-code={b.code}
                >
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge variant="neutral">
                        <ShieldOff aria-hidden="true" />
                        Waived
                      </Badge>
                      <span className="text-[0.8125rem] text-muted-foreground line-through decoration-subtle-foreground/60">
                        {b.message}
                      </span>
                    </div>
                    <p className="mt-1.5 text-[0.8125rem] text-foreground">“{b.waived?.reason}”</p>
                    <p className="mt-0.5 text-xs text-muted-foreground">
                      {b.waived?.by} · {formatDateTime(b.waived?.at)}
                    </p>
                  </div>
                  {w ? (
                    <RoleGate need={'review'}>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="self-start"
                        onClick={() => setRevoking({ blocker: b, waiver: w })}
                      >
                        <RotateCcw aria-hidden="true" />
                        Revoke
                      </Button>
                    </RoleGate>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </Card>
      ) : null}

      {waiving ? (
        <WaiveDialog
          skuId={skuId}
          blocker={waiving}
          onClose={() => setWaiving(null)}
          onDone={() => {
            setWaiving(null);
            bump();
          }}
        />
      ) : null}

      <AlertDialog open={revoking !== null} onOpenChange={(o) => !o && busy === null && setRevoking(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Revoke this waiver?</AlertDialogTitle>
            <AlertDialogDescription>
              “{revoking?.blocker.message}” becomes an open{' '}
              {revoking?.blocker.severity === 'blocker' ? 'blocker' : 'warning'} again.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy !== null}>Keep waiver</AlertDialogCancel>
            <AlertDialogAction onClick={() => revoking && revoke(revoking.waiver)} disabled={busy !== null}>
              Revoke
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

function WaiveDialog({
  skuId,
  blocker,
  onClose,
  onDone,
}: {
  skuId: string;
  blocker: Blocker;
  onClose: () => void;
  onDone: () => void;
}) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting: saving },
  } = useForm({
    defaultValues: { reason: '' },
    resolver: zodResolver(WaiveForm, { error: (iss) => (iss.code === 'too_small' ? REASON_HINT : undefined) }),
  });
  const reason = useWatch({ control, name: 'reason' });
  const error = errors.reason?.message ?? errors.root?.message ?? null;

  async function submit(v: { reason: string }) {
    try {
      await idempotentWrite(`/api/skus/${skuId}/waivers`, {
        method: 'POST',
        body: { code: blockerId(blocker), reason: v.reason },
      });
      toast.success('Waived', { description: blocker.message });
      onDone();
    } catch (err) {
      setError('root', {
        message: err instanceof ApiError && err.fields.length ? err.fields[0]!.message : describeError(err).title,
      });
    }
  }

  return (
    <Dialog open onOpenChange={(o) => !o && !saving && onClose()}>
      <DialogContent data-testid="waive-dialog">
        <DialogHeader>
          <DialogTitle>Waive a requirement</DialogTitle>
          <DialogDescription>{blocker.message}</DialogDescription>
        </DialogHeader>
        <form id="waive-form" onSubmit={handleSubmit(submit)} className="grid gap-3" noValidate>
          {blocker.legal_basis ? (
            <p className="text-xs text-muted-foreground">Legal basis: {blocker.legal_basis}</p>
          ) : null}
          <Field>
            <Label htmlFor="waive-reason">Why does it not apply?</Label>
            <Textarea
              id="waive-reason"
              autoFocus
              rows={4}
              maxLength={REASON_MAX}
              {...register('reason')}
              placeholder="e.g. Sold only as a spare part to professional users; not a consumer product."
              aria-invalid={error ? true : undefined}
              aria-describedby="waive-reason-msg"
            />
            {error ? (
              <FieldError id="waive-reason-msg">{error}</FieldError>
            ) : (
              <FieldHint id="waive-reason-msg">
                Recorded with your name and the time, shown on the SKU page, in the export and in dossier.pdf.{' '}
                {reason.length}/{REASON_MAX}
              </FieldHint>
            )}
          </Field>
        </form>
        <DialogFooter>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form="waive-form" loading={saving}>
            <ShieldOff aria-hidden="true" />
            Waive
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ReviewIssuesCard({
  skuId,
  issues,
  busy,
  onResolve,
  onAdded,
}: {
  skuId: string;
  issues: ReviewIssue[];
  busy: string | null;
  onResolve: (i: ReviewIssue) => void;
  onAdded: () => void;
}) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting: saving },
  } = useForm({
    defaultValues: { message: '' },
    resolver: zodResolver(ReviewIssueForm, {
      error: (iss) => (iss.code === 'too_small' ? 'Describe the issue first.' : undefined),
    }),
  });
  const message = useWatch({ control, name: 'message' });
  const error = errors.message?.message ?? errors.root?.message ?? null;

  async function add(v: { message: string }) {
    try {
      await idempotentWrite(`/api/skus/${skuId}/review-issues`, { method: 'POST', body: { message: v.message } });
      reset();
      onAdded();
    } catch (err) {
      setError('root', { message: describeError(err).title });
    }
  }

  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>Review issues</CardTitle>
          <CardDescription>
            Questions a reviewer raised. The review can only be completed when all are resolved.
          </CardDescription>
        </div>
      </CardHeader>
      {issues.length ? (
        <ul className="divide-y divide-border">
          {issues.map((i) => (
            <li key={i.id} className="flex items-start gap-3 px-5 py-3" data-testid="review-issue">
              <MessageSquareWarning className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
              <div className="min-w-0 flex-1 text-[0.8125rem]">
                <p className="text-foreground">{i.message}</p>
                <p className="text-xs text-muted-foreground">
                  {i.field_key ? `${i.field_key} · ` : ''}
                  {formatDateTime(i.created_at)}
                </p>
              </div>
              <RoleGate need={'edit'}>
                <Button size="sm" variant="secondary" onClick={() => onResolve(i)} loading={busy === `issue-${i.id}`}>
                  <BadgeCheck aria-hidden="true" />
                  Resolve
                </Button>
              </RoleGate>
            </li>
          ))}
        </ul>
      ) : null}
      <form
        onSubmit={handleSubmit(add)}
        noValidate
        className="flex flex-wrap items-start gap-2 border-t border-border px-5 py-3 first:border-t-0"
      >
        <div className="min-w-64 flex-1">
          <Input
            {...register('message')}
            placeholder="Raise an issue for the review, e.g. “Label photo shows an older address”"
            aria-label="New review issue"
            maxLength={1000}
          />
          {error ? <FieldError className="mt-1">{error}</FieldError> : null}
        </div>
        <RoleGate need={'edit'}>
          <Button type="submit" variant="secondary" loading={saving} disabled={!message.trim()}>
            Raise issue
          </Button>
        </RoleGate>
      </form>
    </Card>
  );
}
