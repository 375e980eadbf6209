'use client';

import { ArrowRight, ClipboardCheck, LoaderCircle, ShieldCheck, Users } from 'lucide-react';
import { ApiError, describeError } from '@/components/api/client';
import { useApiQuery, useDryRun } from '@/components/api/queries/use-api-query';
import { useDossier } from '@/components/api/queries/resources';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { Alert } from '@/components/ui/alert';
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
import { useLocale, useT } from '@/components/i18n/locale-provider';
import { commonMessages } from '@/lib/i18n/ui/common';
import { skuActionMessages } from '@/lib/i18n/ui/sku-actions';
import { useSkuPage } from './sku-context';
import { blockerText, documentTypeText } from './vocabulary';
import type { Blocker, SkuDocument } from './types';
import type { ApproveDryRun, CompleteReviewDryRun } from '@/lib/skus/schemas';

/**
 * The two sign-off acts of a SKU, each a deliberate step: the dialog shows what is being signed (open
 * blockers, waivers in force, suggestions nobody decided on, the evidence) and asks for confirmation.
 * The dry run of the same operation says beforehand whether it would be refused and why.
 */

/** What the dialogs show as evidence: the SKU's documents and how many suggestions nobody decided on. */
type Evidence = { documents: SkuDocument[]; suggestions: number };

function useEvidence(skuId: string): Evidence | null {
  const docs = useApiQuery<{ documents: SkuDocument[] }>(`/api/skus/${skuId}/documents`);
  const dossier = useDossier(skuId);
  // A failed read shows as no evidence rather than holding the dialog on "loading".
  if (docs.error || dossier.error) return { documents: [], suggestions: 0 };
  if (!docs.data || !dossier.data) return null;
  return {
    documents: docs.data.documents,
    suggestions: dossier.data.fields.reduce((n, x) => n + x.suggestions.length, 0),
  };
}

function WhatIsSigned({ blockers, evidence }: { blockers: Blocker[]; evidence: Evidence | null }) {
  const open = blockers.filter((b) => !b.waived && b.severity === 'blocker');
  const warnings = blockers.filter((b) => !b.waived && b.severity !== 'blocker');
  const waived = blockers.filter((b) => b.waived);
  const t = useT(skuActionMessages);
  const common = useT(commonMessages);
  const locale = useLocale();
  return (
    <div className="grid gap-2.5 text-[0.8125rem]" data-testid="what-is-signed">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Fact label={t('outcome.open_blockers')} value={open.length} tone={open.length ? 'danger' : 'ok'} />
        <Fact label={t('signed.warnings')} value={warnings.length} tone={warnings.length ? 'warn' : 'ok'} />
        <Fact label={t('signed.waivers')} value={waived.length} tone={waived.length ? 'warn' : 'ok'} />
        <Fact
          label={t('signed.suggestions')}
          value={evidence ? evidence.suggestions : '…'}
          tone={evidence?.suggestions ? 'warn' : 'ok'}
        />
      </div>
      {waived.length ? (
        <div>
          <p className="text-xs font-semibold text-warning-soft-foreground">
            {t('signed.waived', { count: waived.length })}
          </p>
          <ul className="mt-1 grid gap-1">
            {waived.map((b) => (
              <li key={b.key ?? b.code}>
                {blockerText(b, locale)}{' '}
                <span className="text-muted-foreground">
                  {t('signed.waiver', { reason: b.waived?.reason ?? '', by: b.waived?.by ?? '' })}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div>
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t('signed.evidence')}</p>
        {evidence === null ? (
          <p className="text-muted-foreground">{common('loading')}</p>
        ) : evidence.documents.length ? (
          <ul className="mt-1 grid max-h-32 gap-0.5 overflow-auto" data-testid="evidence-list">
            {evidence.documents.map((d) => (
              <li key={d.id}>
                {d.filename}{' '}
                {d.document_type ? (
                  <span className="text-muted-foreground">({documentTypeText(d.document_type, locale)})</span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">{t('signed.no_documents')}</p>
        )}
      </div>
    </div>
  );
}

function Fact({ label, value, tone }: { label: string; value: number | string; tone: 'ok' | 'warn' | 'danger' }) {
  const color =
    tone === 'danger' ? 'text-danger' : tone === 'warn' ? 'text-warning-soft-foreground' : 'text-foreground';
  return (
    <div className="rounded-md border border-border px-2.5 py-1.5">
      <div className={`text-base font-semibold ${color}`}>{value}</div>
      <div className="text-xs text-muted-foreground">{label}</div>
    </div>
  );
}

export function ReviewDialog({
  onClose,
  onDone,
  onRefused,
}: {
  onClose: () => void;
  onDone: () => void;
  onRefused: (e: ApiError) => void;
}) {
  const { skuId, detail } = useSkuPage();
  const t = useT(skuActionMessages);
  const common = useT(commonMessages);
  const evidence = useEvidence(skuId);
  const check = useDryRun<CompleteReviewDryRun>(`/api/skus/${skuId}/review/complete`).data ?? null;
  const completeReview = useApiMutation<unknown, void>({
    request: () => ({ path: `/api/skus/${skuId}/review/complete`, method: 'POST' }),
    idempotent: true,
  });
  const saving = completeReview.pending;

  async function complete() {
    try {
      await completeReview.run();
      onDone();
    } catch (e) {
      if (e instanceof ApiError) onRefused(e);
      else toast.error(describeError(e).title);
    }
  }

  const open = [...(check?.open_review_issues ?? []), ...(check?.open_conflicts ?? [])];
  // The open items as the refusal would name them, shown under the header with a way to each one.
  const showOpenItems = () =>
    onRefused(
      new ApiError({
        status: 409,
        code: 'REVIEW_INCOMPLETE',
        message: t('review.refusal', {
          issues: check?.open_review_issues?.length ?? 0,
          conflicts: check?.open_conflicts?.length ?? 0,
        }),
        details: { open_review_issues: check?.open_review_issues ?? [], open_conflicts: check?.open_conflicts ?? [] },
      }),
    );
  return (
    <AlertDialog open onOpenChange={(o) => !o && !saving && onClose()}>
      <AlertDialogContent className="max-w-lg" data-testid="review-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{t('review.title', { code: detail.sku.sku_code })}</AlertDialogTitle>
          <AlertDialogDescription>{t('review.body')}</AlertDialogDescription>
        </AlertDialogHeader>
        <WhatIsSigned blockers={detail.blockers} evidence={evidence} />
        {check && !check.can_complete ? (
          <Alert variant="danger" title={t('review.still_open', { count: open.length })}>
            <ul className="mt-1 grid gap-1">
              {open.slice(0, 8).map((x, i) => (
                <li key={i}>{x.message}</li>
              ))}
            </ul>
            <button
              type="button"
              className="mt-2 inline-flex items-center gap-1 text-xs font-semibold hover:underline"
              onClick={showOpenItems}
              data-testid="show-open-items"
            >
              {t('review.show_open')} <ArrowRight className="size-3" aria-hidden="true" />
            </button>
          </Alert>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={saving}>{common('cancel')}</AlertDialogCancel>
          <AlertDialogAction
            onClick={complete}
            disabled={saving || !check || !check.can_complete}
            data-testid="confirm-review"
          >
            {saving ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <ClipboardCheck aria-hidden="true" />
            )}
            {t('review.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

export function ApproveDialog({
  onClose,
  onDone,
  onRefused,
}: {
  onClose: () => void;
  onDone: () => void;
  onRefused: (e: ApiError) => void;
}) {
  const { skuId, detail, goTo } = useSkuPage();
  const t = useT(skuActionMessages);
  const common = useT(commonMessages);
  const evidence = useEvidence(skuId);
  const dryRun = useDryRun<ApproveDryRun>(`/api/skus/${skuId}/approve`);
  const check = dryRun.data ?? null;
  const checkFailed = Boolean(dryRun.error);
  const approveSku = useApiMutation<unknown, void>({
    request: () => ({ path: `/api/skus/${skuId}/approve`, method: 'POST' }),
    idempotent: true,
  });
  const saving = approveSku.pending;

  async function approve() {
    try {
      await approveSku.run();
      onDone();
    } catch (e) {
      if (e instanceof ApiError) onRefused(e);
      else toast.error(describeError(e).title);
    }
  }

  const locale = useLocale();
  const blocked = (check?.blockers?.length ?? 0) > 0;
  const fourEyes = check?.four_eyes ?? null;
  const refused = check && !check.can_approve;
  return (
    <AlertDialog open onOpenChange={(o) => !o && !saving && onClose()}>
      <AlertDialogContent className="max-w-lg" data-testid="approve-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{t('approve.title', { code: detail.sku.sku_code })}</AlertDialogTitle>
          <AlertDialogDescription>
            {detail.sku.requirement_profile_id
              ? t('approve.body', { name: detail.sku.product_name, profile: detail.sku.requirement_profile_id })
              : t('approve.body_no_profile', { name: detail.sku.product_name })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {!check && !checkFailed ? (
          <p className="flex items-center gap-2 text-[0.8125rem] text-muted-foreground">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            {t('approve.checking')}
          </p>
        ) : null}
        <WhatIsSigned blockers={detail.blockers} evidence={evidence} />
        {blocked ? (
          <Alert variant="danger" title={t('approve.still_open', { count: check!.blockers!.length })}>
            <ul className="mt-1 grid gap-1">
              {(check!.blockers ?? []).slice(0, 8).map((b) => (
                <li key={b.key ?? b.code}>{blockerText(b, locale)}</li>
              ))}
            </ul>
            <button
              type="button"
              className="mt-2 inline-flex items-center gap-1 text-xs font-semibold hover:underline"
              onClick={() => {
                onClose();
                goTo({ tab: 'blockers' });
              }}
            >
              {t('approve.go_blockers')} <ArrowRight className="size-3" aria-hidden="true" />
            </button>
          </Alert>
        ) : null}
        {fourEyes ? (
          <Alert variant="warning" title={t('approve.four_eyes')} data-testid="four-eyes-notice">
            <p>{fourEyes.message}</p>
            {fourEyes.code === 'FOUR_EYES_REQUIRED' && fourEyes.eligible_approvers.length ? (
              <p className="mt-1 flex items-center gap-1.5 text-xs">
                <Users className="size-3.5" aria-hidden="true" />{' '}
                {fourEyes.eligible_approvers.map((a) => `${a.email} (${a.role})`).join(', ')}
              </p>
            ) : null}
          </Alert>
        ) : null}
        {detail.sku.review_state !== 'complete' && check?.can_approve ? (
          <p className="text-xs text-muted-foreground">{t('approve.review_not_complete')}</p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={saving}>{common('cancel')}</AlertDialogCancel>
          <AlertDialogAction onClick={approve} disabled={saving || Boolean(refused)} data-testid="confirm-approve">
            {saving ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
            {t('approve.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
