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
import { useFormat, useLocale, useT } from '@/components/i18n/locale-provider';
import { translator, type T } from '@/lib/i18n/ui';
import { commonMessages } from '@/lib/i18n/ui/common';
import { skuDossierMessages } from '@/lib/i18n/ui/sku-dossier';
import { SkuRequests } from '@/components/outreach/sku-requests';
import { ENTITY_ROLES } from './types';
import { blockerLegalBasis, blockerText, documentTypeText } from './vocabulary';
import { blockerTitle } from '@/lib/requirements/titles';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useSkuPage, type SkuTarget } from './sku-context';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { SeverityBadge } from './status';
import type { Blocker, ReviewIssue, Waiver } from './types';
import { CreateReviewIssueInput, WaiveBlockerInput } from '@/lib/skus/schemas';
import { RoleGate } from '@/components/team/role-gate';

const REASON_MAX = 500;

// The server's rule for the reason, and one more: an auditor needs a sentence, not a word.
const waiveForm = (hint: string) =>
  WaiveBlockerInput.pick({ reason: true }).refine((v) => v.reason.length >= 10, { path: ['reason'], message: hint });

type DossierT = T<(typeof skuDossierMessages)['en']>;

// The server's request schema for a new review issue; the form asks for its message only.
const ReviewIssueForm = CreateReviewIssueInput.pick({ message: true });

/**
 * Where the fix of a blocker lives, and what the button says: in English unless the caller passes its `t`
 * of skuDossierMessages (`useT(skuDossierMessages)`).
 */
export function fixOf(
  b: Blocker,
  t: DossierT = translator(skuDossierMessages, 'en'),
): { target: SkuTarget; label: string; icon: typeof PenLine } | null {
  const fix = b.fix;
  const firstField = b.required_fields?.[0];
  if (!fix)
    return firstField
      ? { target: { tab: 'dossier', field: firstField }, label: t('fix.fill_in'), icon: PenLine }
      : null;
  switch (fix.kind) {
    case 'field':
      return { target: { tab: 'dossier', field: fix.target || firstField }, label: t('fix.fill_in'), icon: PenLine };
    case 'entity':
      return {
        target: { tab: 'entities', role: fix.target },
        label: (ENTITY_ROLES as readonly string[]).includes(fix.target) ? t('fix.link_entity') : t('fix.edit_entity'),
        icon: Users,
      };
    case 'document':
      return { target: { tab: 'documents' }, label: t('fix.add_document'), icon: FileText };
    case 'review':
      return firstField
        ? { target: { tab: 'dossier', field: firstField }, label: t('fix.resolve'), icon: MessageSquareWarning }
        : null;
    default:
      return null;
  }
}

/** The legal basis, linked to the rule's entry on the requirements documentation when the blocker names it. */
function LegalBasis({ blocker }: { blocker: Blocker }) {
  const t = useT(skuDossierMessages);
  const locale = useLocale();
  const basis = blockerLegalBasis(blocker, locale);
  const url =
    typeof blocker.doc_url === 'string' && blocker.doc_url.startsWith('/docs/requirements#') ? blocker.doc_url : null;
  if (!url) return <span>{basis}</span>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener"
      className="underline decoration-dotted underline-offset-2 hover:text-foreground"
      data-testid="blocker-legal-basis"
      title={t('blockers.legal_title')}
    >
      {basis}
    </a>
  );
}

function blockerId(b: Blocker) {
  return b.key ?? b.code;
}

export function BlockersTab() {
  const { skuId, detail, bump, goTo } = useSkuPage();
  const t = useT(skuDossierMessages);
  const fmt = useFormat();
  const locale = useLocale();
  const waivers = useApiQuery<{ data: Waiver[] }>(`/api/skus/${skuId}/waivers`);
  const issues = useApiQuery<{ data: ReviewIssue[] }>(`/api/skus/${skuId}/review-issues`);
  const [waiving, setWaiving] = React.useState<Blocker | null>(null);
  const [revoking, setRevoking] = React.useState<{ blocker: Blocker; waiver: Waiver } | null>(null);
  const revokeWaiver = useApiMutation<unknown, string>({
    request: (waiverId) => ({ path: `/api/skus/${skuId}/waivers/${waiverId}`, method: 'DELETE' }),
    idempotent: true,
  });
  const resolve = useApiMutation<unknown, string>({
    request: (issueId) => ({ path: `/api/skus/${skuId}/review-issues/${issueId}/resolve`, method: 'POST', body: {} }),
    idempotent: true,
  });
  // What is being written, as `revoke-${waiver id}` or `issue-${issue id}` (its button spins).
  const [target, setTarget] = React.useState<string | null>(null);
  const busy = revokeWaiver.pending || resolve.pending ? target : null;

  const open = detail.blockers
    .filter((b) => !b.waived)
    .sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'blocker' ? -1 : 1));
  const waived = detail.blockers.filter((b) => b.waived);
  const openBlockers = open.filter((b) => b.severity === 'blocker').length;
  const openWarnings = open.length - openBlockers;
  const activeWaivers = (waivers.data?.data ?? []).filter((w) => !w.revoked_at);
  const openIssues = (issues.data?.data ?? []).filter((i) => !i.resolved_at && (i.status ?? 'open') === 'open');

  async function revoke(w: Waiver) {
    setTarget(`revoke-${w.id}`);
    try {
      await revokeWaiver.run(w.id);
      toast.success(t('blockers.revoked', { code: blockerTitle(w.code, locale) }));
      setRevoking(null);
      bump();
    } catch (e) {
      const { title, description } = describeError(e);
      toast.error(title, { description });
    }
  }

  async function resolveIssue(i: ReviewIssue) {
    setTarget(`issue-${i.id}`);
    try {
      await resolve.run(i.id);
      toast.success(t('blockers.issue_resolved'));
      bump();
    } catch (e) {
      const { title, description } = describeError(e);
      toast.error(title, { description });
    }
  }

  return (
    <div className="grid grid-cols-1 gap-5" data-testid="blockers-tab">
      <Card>
        <CardHeader>
          <div>
            <CardTitle>{t('blockers.open')}</CardTitle>
            <CardDescription>
              {open.length === 0
                ? t('blockers.nothing')
                : `${t('blockers.count', { count: openBlockers })}${openWarnings ? t('blockers.warnings', { count: openWarnings }) : ''}${
                    detail.sku.requirement_profile_id
                      ? t('blockers.profile', { profile: detail.sku.requirement_profile_id })
                      : t('blockers.profile_of_category')
                  }`}
            </CardDescription>
          </div>
        </CardHeader>
        {open.length === 0 ? (
          <EmptyState
            compact
            icon={CircleCheck}
            title={t('blockers.none_title')}
            description={t('blockers.none_description')}
            data-testid="no-blockers"
          />
        ) : (
          <ul className="divide-y divide-border" data-testid="open-blockers">
            {open.map((b) => {
              const fix = fixOf(b, t);
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
                    <p className="mt-1 text-[0.8125rem] text-foreground">{blockerText(b, locale)}</p>
                    <div className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
                      {b.legal_basis ? <LegalBasis blocker={b} /> : null}
                      {b.required_document_types?.length ? (
                        <span>
                          {t('blockers.needs', {
                            types: b.required_document_types.map((d) => documentTypeText(d, locale)).join(t('or')),
                          })}
                        </span>
                      ) : null}
                    </div>
                  </div>
                  <div className="flex flex-wrap items-start gap-2 sm:justify-end">
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
                          {t('blockers.waive')}
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
              <CardTitle>{t('blockers.waived')}</CardTitle>
              <CardDescription>{t('blockers.waived_description')}</CardDescription>
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
                        {t('blockers.waived')}
                      </Badge>
                      <span className="text-[0.8125rem] text-muted-foreground line-through decoration-subtle-foreground/60">
                        {blockerText(b, locale)}
                      </span>
                    </div>
                    <p className="mt-1.5 text-[0.8125rem] text-foreground">
                      {t('quote', { text: b.waived?.reason ?? '' })}
                    </p>
                    <p className="mt-0.5 text-xs text-muted-foreground">
                      {b.waived?.by} · {fmt.dateTime(b.waived?.at)}
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
                        {t('blockers.revoke')}
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
            <AlertDialogTitle>{t('blockers.revoke_title')}</AlertDialogTitle>
            <AlertDialogDescription>
              {revoking
                ? t(revoking.blocker.severity === 'blocker' ? 'blockers.revoke_blocker' : 'blockers.revoke_warning', {
                    message: blockerText(revoking.blocker, locale),
                  })
                : null}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy !== null}>{t('blockers.keep_waiver')}</AlertDialogCancel>
            <AlertDialogAction onClick={() => revoking && revoke(revoking.waiver)} disabled={busy !== null}>
              {t('blockers.revoke')}
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
  const t = useT(skuDossierMessages);
  const common = useT(commonMessages);
  const locale = useLocale();
  const hint = t('waive.reason_hint');
  const schema = React.useMemo(() => waiveForm(hint), [hint]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting: saving },
  } = useForm({
    defaultValues: { reason: '' },
    resolver: zodResolver(schema, { error: (iss) => (iss.code === 'too_small' ? hint : undefined) }),
  });
  const message = blockerText(blocker, locale);
  const reason = useWatch({ control, name: 'reason' });
  const error = errors.reason?.message ?? errors.root?.message ?? null;
  const waive = useApiMutation<unknown, string>({
    request: (why) => ({
      path: `/api/skus/${skuId}/waivers`,
      method: 'POST',
      body: { code: blockerId(blocker), reason: why },
    }),
    idempotent: true,
  });

  // The form's own state says it is busy (isSubmitting) and shows the refusal beside its validation.
  async function submit(v: { reason: string }) {
    try {
      await waive.run(v.reason);
      toast.success(t('blockers.waived'), { description: message });
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
          <DialogTitle>{t('waive.title')}</DialogTitle>
          <DialogDescription>{message}</DialogDescription>
        </DialogHeader>
        <form id="waive-form" onSubmit={handleSubmit(submit)} className="grid gap-3" noValidate>
          {blocker.legal_basis ? (
            <p className="text-xs text-muted-foreground">
              {t('waive.legal_basis', { basis: blockerLegalBasis(blocker, locale) ?? '' })}
            </p>
          ) : null}
          <Field>
            <Label htmlFor="waive-reason">{t('waive.why')}</Label>
            <Textarea
              id="waive-reason"
              autoFocus
              rows={4}
              maxLength={REASON_MAX}
              {...register('reason')}
              placeholder={t('waive.placeholder')}
              aria-invalid={error ? true : undefined}
              aria-describedby="waive-reason-msg"
            />
            {error ? (
              <FieldError id="waive-reason-msg">{error}</FieldError>
            ) : (
              <FieldHint id="waive-reason-msg">
                {t('waive.recorded')} {reason.length}/{REASON_MAX}
              </FieldHint>
            )}
          </Field>
        </form>
        <DialogFooter>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {common('cancel')}
          </Button>
          <Button type="submit" form="waive-form" loading={saving}>
            <ShieldOff aria-hidden="true" />
            {t('waive.submit')}
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
  const t = useT(skuDossierMessages);
  const fmt = useFormat();
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
      error: (iss) => (iss.code === 'too_small' ? t('issues.describe_first') : undefined),
    }),
  });
  const message = useWatch({ control, name: 'message' });
  const error = errors.message?.message ?? errors.root?.message ?? null;
  const raise = useApiMutation<unknown, string>({
    request: (text) => ({ path: `/api/skus/${skuId}/review-issues`, method: 'POST', body: { message: text } }),
    idempotent: true,
  });

  async function add(v: { message: string }) {
    try {
      await raise.run(v.message);
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
          <CardTitle>{t('issues.title')}</CardTitle>
          <CardDescription>{t('issues.description')}</CardDescription>
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
                  {fmt.dateTime(i.created_at)}
                </p>
              </div>
              <RoleGate need={'edit'}>
                <Button size="sm" variant="secondary" onClick={() => onResolve(i)} loading={busy === `issue-${i.id}`}>
                  <BadgeCheck aria-hidden="true" />
                  {t('issues.resolve')}
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
            placeholder={t('issues.placeholder')}
            aria-label={t('issues.new')}
            maxLength={1000}
          />
          {error ? <FieldError className="mt-1">{error}</FieldError> : null}
        </div>
        <RoleGate need={'edit'}>
          <Button type="submit" variant="secondary" loading={saving} disabled={!message.trim()}>
            {t('issues.raise')}
          </Button>
        </RoleGate>
      </form>
    </Card>
  );
}
